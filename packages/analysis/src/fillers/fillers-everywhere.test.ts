import { execFileSync } from 'node:child_process';
import { FILLER_PHRASE } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { analyzeWithTimings } from '../analyze.js';
import { CACHE_DIR, concatenate, readMono, RATE, speak } from '../testing/speech-fixtures.js';

/** A flat 0.5 s hesitation vowel made by sox (a 120 Hz pulse train through schwa-like formants). */
function soxUh(): string {
  const file = `${CACHE_DIR}/sox-uh-120.wav`;
  execFileSync('sox', [
    ...['-n', '-r', String(RATE), '-b', '16', '-c', '1', file, 'synth', '0.5', 'sawtooth', '120', 'gain', '-24', 'sinc', '-3500'],
    ...['equalizer', '600', '150', '+18', 'equalizer', '1300', '250', '+14', 'equalizer', '2500', '300', '+10'],
    ...['fade', 'h', '0.03', '0.5', '0.03', 'gain', '-n', '-8'],
  ]);
  return file;
}

// Two hesitations heard acoustically (no recogniser), then counted the same in every place that
// shows fillers: the transcript, the uh/um count, its hot spots, the lanes' markers and the tips.
describe('one list of fillers behind every figure', async () => {
  const say = (text: string) => speak(text, { synth: 'flite', voice: 'rms' });
  const uh = await readMono(soxUh());
  const { file, spans } = concatenate('fillers-everywhere', [
    { samples: await readMono(say('Good morning everyone, and thank you for coming today.')), gapBefore: 0.3 },
    { samples: uh, gapBefore: 0.35 },
    { samples: await readMono(say('I want to talk about our weekly meetings.')), gapBefore: 0.05 },
    { samples: uh, gapBefore: 0.4 },
    { samples: await readMono(say('First, we will share an agenda the day before.')), gapBefore: 0.4 },
  ]);
  const truth = [spans[1]!, spans[3]!];
  const { results, lanes } = await analyzeWithTimings(file, { transcriber: 'none' });
  const fillers = results.diarizedTranscript.filter((w) => w.type === 'filler');

  it('puts each hesitation into the transcript at its time', () => {
    expect(fillers).toHaveLength(2);
    for (const [i, g] of truth.entries()) {
      expect(fillers[i]!.start).toBeLessThan(g.to);
      expect(fillers[i]!.end).toBeGreaterThan(g.from);
      expect(fillers[i]!.text).toMatch(/^u[hm]$/);
    }
  });

  it('counts them the same in word spotting, its hot spots, the lanes and the tips', () => {
    expect(results.scores.wordSpotting[FILLER_PHRASE]).toBe(fillers.length);
    const spots = results.timestamped.metrics.wordSpotting?.hotSpots.filter((h) => h.label === FILLER_PHRASE) ?? [];
    expect(spots.map((s) => s.from)).toEqual(fillers.map((f) => f.start));
    const marks = lanes.marks.filter((m) => m.kind === 'filler');
    expect(marks.map((m) => m.from)).toEqual(fillers.map((f) => Math.round(f.start * 100) / 100));
    const perMinute = results.data.features.fillersPerMinute as number;
    expect(perMinute).toBeGreaterThan(0);
    expect(results.tips.byMetric.wordSpotting?.[0]).toContain(`about ${perMinute.toFixed(1)} filler words`);
  });
});
