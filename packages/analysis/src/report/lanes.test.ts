import { LANES_LOUDNESS_FLOOR_DB, LANES_RATE_STEP, LANES_STEP, ZLanesSchema, type TLanes } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { analyzeWithTimings } from '../analyze.js';
import { concatenate, readMono, speak } from '../testing/speech-fixtures.js';
import { RATE_WINDOW_SECONDS, rateLane } from './lanes.js';

const SLOW = 'We planned the garden in the spring and the roses came up early this year, long before the tulips.';
const FAST = 'Then the summer was hot and dry, so we watered every evening and the lawn still turned brown by August.';

const at = (lanes: TLanes, from: number, to: number, series: 'pitch' | 'loudness' | 'rate') => {
  const step = series === 'rate' ? lanes.rateStep : lanes.step;
  const values = lanes[series].slice(Math.floor(from / step), Math.ceil(to / step));
  return values.filter((v): v is number => v !== null);
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('voice lanes of a real analysis', async () => {
  // A low, slow sentence, 3 s of silence, then a high, fast one: each lane must see the change.
  const { file, spans } = concatenate('lanes-slow-pause-fast', [
    { samples: await readMono(speak(SLOW, { rate: 120, pitch: 25 })), gapBefore: 0.5 },
    { samples: await readMono(speak(FAST, { rate: 230, pitch: 75 })), gapBefore: 3 },
  ]);
  const [slow, fast] = [spans[0]!, spans[1]!];
  const { lanes, results } = await analyzeWithTimings(file, { transcriber: 'none' });

  it('is the documented shape, one value per step over the whole recording', () => {
    expect(ZLanesSchema.parse(lanes)).toEqual(lanes);
    expect(lanes.pitch).toHaveLength(Math.ceil(lanes.duration / LANES_STEP));
    expect(lanes.loudness).toHaveLength(lanes.pitch.length);
    expect(lanes.rate).toHaveLength(Math.ceil(lanes.duration / LANES_RATE_STEP));
    expect(lanes.duration).toBeCloseTo(results.data.duration, 1);
  });

  it('pitch: unvoiced in the silence, higher in the high sentence, the range around the median', () => {
    expect(at(lanes, slow.to + 0.3, fast.from - 0.3, 'pitch')).toEqual([]);
    const low = mean(at(lanes, slow.from, slow.to, 'pitch')) / 10;
    const high = mean(at(lanes, fast.from, fast.to, 'pitch')) / 10;
    expect(high - low).toBeGreaterThan(3);
    expect(lanes.pitchRange.low).toBeLessThan(0);
    expect(lanes.pitchRange.high).toBeGreaterThan(0);
  });

  it('loudness: at the floor in the silence, near the loud level in speech', () => {
    expect(Math.max(...at(lanes, slow.to + 0.3, fast.from - 0.3, 'loudness'))).toBe(LANES_LOUDNESS_FLOOR_DB);
    expect(mean(at(lanes, fast.from, fast.to, 'loudness'))).toBeGreaterThan(-15);
  });

  it('rate: none inside the pause, and the fast sentence reads much faster than the slow one', () => {
    const mid = (slow.to + fast.from) / 2;
    expect(at(lanes, mid - 0.2, mid + 0.2, 'rate')).toEqual([]);
    // Read where the whole window lies inside one sentence.
    const inside = (s: { from: number; to: number }) => {
      const centre = (s.from + s.to) / 2;
      const reach = Math.max(0.25, (s.to - s.from - RATE_WINDOW_SECONDS) / 2);
      return mean(at(lanes, centre - reach, centre + reach, 'rate')) / 10;
    };
    const slowRate = inside(slow);
    const fastRate = inside(fast);
    expect(fastRate / slowRate).toBeGreaterThan(1.5);
    // The lane reads the pace metric's own measure: the recording's pace lies between the two.
    expect(results.scores.pace).toBeGreaterThan(slowRate);
    expect(results.scores.pace).toBeLessThan(fastRate);
  });

  it('pauses: the silence between the sentences is one pause', () => {
    const gap = lanes.pauses.find(([from, to]) => from < fast.from && to > slow.to);
    expect(gap).toBeDefined();
    expect(gap![0]).toBeCloseTo(slow.to, 0);
    expect(gap![1]).toBeCloseTo(fast.from, 0);
  });
});

describe('voice lanes: marks', () => {
  it('puts a spotted phrase and the fillers where they were said', async () => {
    const text = 'Um, the weather is lovely today. Uh, I think the weather will stay warm all week.';
    const { lanes, results } = await analyzeWithTimings(speak(text, { rate: 150 }), { wordSpotting: ['weather'] });
    // The marks are the counts the scores report, each where it was heard.
    const words = lanes.marks.filter((m) => m.kind === 'word');
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((m) => m.label === 'weather')).toBe(true);
    expect(words).toHaveLength(results.scores.wordSpotting.weather ?? -1);
    const fillers = lanes.marks.filter((m) => m.kind === 'filler');
    expect(fillers.length).toBeGreaterThan(0);
    expect(fillers).toHaveLength(results.scores.wordSpotting['uh/um'] ?? -1);
    const times = lanes.marks.map((m) => m.from);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('rateLane', () => {
  it('reads syllables per second of speech around each point, none where speech is short', () => {
    // 4 syllables a second from 0 to 10 s, silence to 20 s, 6 a second from 20 to 30 s.
    const nuclei = [
      ...Array.from({ length: 40 }, (_, i) => 0.125 + i * 0.25),
      ...Array.from({ length: 60 }, (_, i) => 20 + 1 / 12 + i / 6),
    ];
    const rate = rateLane(
      nuclei,
      [
        { from: 0, to: 10 },
        { from: 20, to: 30 },
      ],
      30,
    );
    expect(rate).toHaveLength(60);
    expect(rate[10]).toBe(40);
    expect(rate[30]).toBeNull();
    expect(rate[50]).toBe(60);
  });
});
