import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { addFrame, bicCluster, emptyStats } from './bic-clustering.js';
import { SEVERAL_VOICES_DBIC_PER_FRAME } from './diarize.js';
import { concatenate, readMono, speak, type TSpeakOptions } from '../testing/speech-fixtures.js';

const DIALOGUE: [string, 1 | 2][] = [
  ['Hi, thanks for joining me today. How was your week?', 1],
  ['It was busy but good. We finished the project on time.', 2],
  ['That is great news. What was the hardest part?', 1],
  ['Honestly, the testing. We found many small problems late, and fixing them took most of our time.', 2],
  ['I see. Would you plan it differently next time?', 1],
  ['Yes, we would test earlier and share drafts with the team every week.', 2],
  ['Good idea. And how did the client react to the delay?', 1],
  ['They were patient, because we told them early and showed them what was already working.', 2],
];

/** The dialogue spoken by two voices, with the true share of talk of the first one. */
async function dialogue(name: string, voices: Record<1 | 2, TSpeakOptions>): Promise<{ file: string; truth: number }> {
  const pieces = await Promise.all(
    DIALOGUE.map(async ([text, who], i) => ({
      samples: await readMono(speak(text, voices[who])),
      gapBefore: i === 0 ? 0.4 : 0.7,
      label: who,
    })),
  );
  const { file, spans } = concatenate(name, pieces);
  const talk = (who: number): number => spans.filter((s) => s.label === who).reduce((s, x) => s + x.to - x.from, 0);
  return { file, truth: (100 * talk(1)) / (talk(1) + talk(2)) };
}

describe('ΔBIC clustering', () => {
  /** Units of 100 frames from a 3-d Gaussian centred at `centre` (deterministic pseudo-random). */
  const units = (centres: number[], seed = 1): ReturnType<typeof emptyStats>[] => {
    let state = seed;
    const noise = (): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648 - 0.5;
    };
    return centres.map((c) => {
      const s = emptyStats(3);
      for (let i = 0; i < 100; i++) addFrame(s, [c + noise(), c + noise() * 2, noise()]);
      return s;
    });
  };
  const ridge = Float64Array.from([1e-3, 1e-3, 1e-3]);
  it('finds two voices, keeps one voice whole, and obeys a hint', () => {
    expect(bicCluster(units([0, 3, 0, 3, 0]), { lambda: 1.25, ridge })).toEqual([0, 1, 0, 1, 0]);
    expect(new Set(bicCluster(units([0, 0, 0, 0]), { lambda: 1.25, ridge }))).toEqual(new Set([0]));
    expect(new Set(bicCluster(units([0, 3, 6, 9]), { lambda: 1.25, ridge, target: 2 })).size).toBe(2);
  });
});

describe('conversational algorithm', () => {
  it('diarizes a two-voice concatenation within 5 points of the true talk-vs-listen split', async () => {
    const lines: [string, number][] = [
      ['Hi, thanks for joining me today. How was your week?', 1],
      ['It was busy but good. We finished the project on time.', 2],
      ['That is great news. What was the hardest part?', 1],
      ['Honestly, the testing. We found many small problems late, and fixing them took most of our time.', 2],
      ['I see. Would you plan it differently next time?', 1],
      ['Yes, we would test earlier and share drafts with the team every week.', 2],
    ];
    const voices = { 1: { voice: 'en-us', pitch: 35, rate: 160 }, 2: { voice: 'en-us+f3', pitch: 75, rate: 170 } } as const;
    const pieces = await Promise.all(
      lines.map(async ([text, who], i) => ({
        samples: await readMono(speak(text, voices[who as 1 | 2])),
        gapBefore: i === 0 ? 0.4 : 0.7,
        label: who,
      })),
    );
    const { file, spans } = concatenate('conversation-v1', pieces);
    const talk = (who: number): number => spans.filter((s) => s.label === who).reduce((s, x) => s + x.to - x.from, 0);
    const truth = (100 * talk(1)) / (talk(1) + talk(2));
    const r = await analyze(file, { algorithm: 'org-conversational', transcriber: 'none' });
    expect(r.isConversational).toBe(true);
    expect(r.numSpeakers).toBe(2);
    expect(Math.abs((r.scores.talkVsListen ?? 0) - truth)).toBeLessThanOrEqual(5);
    expect(r.scores.perSpeaker).toHaveLength(2);
    // A conversation has no Vocal Delivery: no Vibe score for the page, the lists or the exports to disagree on.
    expect([r.scores.overall, ...(r.scores.perSpeaker ?? []).map((p) => p.overall)]).toEqual([null, null, null]);
    expect(r.tips.byMetric.overall).toBeUndefined();
    expect(r.scores.convoSwitches).toBeGreaterThanOrEqual(2);
    // No recogniser, no words: a rise alone is no question (metrics/questions.ts), so none are counted.
    expect(r.scores.questions).toBe(0);
    expect(r.data.speakers[1]?.turns.length).toBe(3);
  });

  it('tells apart two male voices of the same pitch (en-us+m3 and en-gb+m7) within 5 points', async () => {
    const { file, truth } = await dialogue('conversation-similar-v1', {
      1: { voice: 'en-us+m3', rate: 160 },
      2: { voice: 'en-gb+m7', rate: 165 },
    });
    for (const numSpeakers of [undefined, 2]) {
      const r = await analyze(file, { algorithm: 'conversational', transcriber: 'none', numSpeakers });
      console.info(`similar voices (hint ${String(numSpeakers)}): truth ${truth.toFixed(1)}, measured ${String(r.scores.talkVsListen)}`);
      expect(r.numSpeakers).toBe(2);
      expect(Math.abs((r.scores.talkVsListen ?? 0) - truth)).toBeLessThanOrEqual(5);
      expect(r.data.speakers.map((s) => s.turns.length)).toEqual([4, 4]);
    }
  });

  it('keeps one voice as one speaker, with a hint of 2 too, and scores it as a talk', async () => {
    const { file } = await dialogue('conversation-one-voice-v1', {
      1: { voice: 'en-us+m3', rate: 160 },
      2: { voice: 'en-us+m3', rate: 160 },
    });
    const talk = await analyze(file, { algorithm: 'default', transcriber: 'none' });
    for (const numSpeakers of [undefined, 1, 2]) {
      const r = await analyze(file, { algorithm: 'conversational', transcriber: 'none', numSpeakers });
      expect(r.numSpeakers).toBe(1);
      expect(r.speakerCount).toMatchObject({ found: 1, source: 'measured', hint: numSpeakers ?? null });
      expect(r.speakerCount?.deltaBicPerFrame ?? 9).toBeLessThan(SEVERAL_VOICES_DBIC_PER_FRAME);
      // The single-speaker scores, as the default algorithm gives them; nothing about a second person.
      expect(r.isConversational).toBe(false);
      expect(r.algorithm).toBe('conversational');
      expect(r.scores.perSpeaker).toBeNull();
      for (const k of ['talkVsListen', 'convoSwitches', 'questions', 'waitTime'] as const) expect(r.scores[k]).toBeNull();
      expect(r.scores.overall).toBe(talk.scores.overall);
      expect(r.scores.pace).toBe(talk.scores.pace);
      expect(r.scores.upspeak).toBe(talk.scores.upspeak);
    }
  });

  it('finds two voices with the hint of 2 and without one, and says where the count came from', async () => {
    const { file } = await dialogue('conversation-two-voices-v1', {
      1: { voice: 'en-us', pitch: 35, rate: 160 },
      2: { voice: 'en-us+f3', pitch: 75, rate: 170 },
    });
    const hinted = await analyze(file, { algorithm: 'conversational', transcriber: 'none', numSpeakers: 2 });
    expect(hinted.numSpeakers).toBe(2);
    expect(hinted.isConversational).toBe(true);
    expect(hinted.speakerCount).toMatchObject({ found: 2, source: 'hint', hint: 2 });
    expect(hinted.speakerCount?.deltaBicPerFrame ?? 0).toBeGreaterThanOrEqual(SEVERAL_VOICES_DBIC_PER_FRAME);
    const measured = await analyze(file, { algorithm: 'conversational', transcriber: 'none' });
    expect(measured.speakerCount).toMatchObject({ found: 2, source: 'measured', hint: null });
    expect(measured.scores.perSpeaker).toHaveLength(2);
  });

  it('the default algorithm does not count voices', async () => {
    const { file } = await dialogue('conversation-two-voices-v1', {
      1: { voice: 'en-us', pitch: 35, rate: 160 },
      2: { voice: 'en-us+f3', pitch: 75, rate: 170 },
    });
    const r = await analyze(file, { algorithm: 'default', transcriber: 'none' });
    expect(r.numSpeakers).toBe(1);
    expect(r.speakerCount).toBeUndefined();
  });

  it('uses one channel per speaker when the file has them', async () => {
    const a = await readMono(speak('Good afternoon. Can you hear me well?', { voice: 'en-us', pitch: 40 }));
    const b = await readMono(speak('Yes, I can hear you very clearly.', { voice: 'en-us+f3', pitch: 70 }));
    const { execFileSync } = await import('node:child_process');
    const left = concatenate('left-v1', [
      { samples: a, gapBefore: 0.3 },
      { samples: new Float32Array(16000 * 3), gapBefore: 0 },
    ]).file;
    const right = concatenate('right-v1', [{ samples: b, gapBefore: 3.3 }]).file;
    const stereo = left.replace('left-v1', 'stereo-v1');
    execFileSync('sox', ['-M', left, right, stereo]);
    const r = await analyze(stereo, { algorithm: 'conversational', transcriber: 'none' });
    expect(r.numSpeakers).toBe(2);
    expect(r.data.speakers[0]?.turns[0]?.from ?? 9).toBeLessThan(1);
    expect(r.data.speakers[1]?.turns[0]?.from ?? 0).toBeGreaterThan(3);
  });
});
