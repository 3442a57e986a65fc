import { describe, expect, it } from 'vitest';
import { withWhiteNoise } from '../bench/noise.js';
import { computeBandPower, SPEECH_BANDS } from '../signal/band-power.js';
import { analyzeProsody } from '../signal/prosody.js';
import { RATE, readMono, soxEffect, speak } from '../testing/speech-fixtures.js';
import { measureClarity } from './clarity.metric.js';
import { trackFor } from './speech-track.js';

const TEXT =
  'Good morning everyone, and thank you for coming. Today I want to talk about how small habits shape our work. ' +
  'Some people start with their mornings, and others start with how they listen.';

function clarityOf(x: Float32Array) {
  const p = analyzeProsody(x, RATE);
  const track = trackFor(p, p.activity.speech, [], false);
  return measureClarity(track, 4);
}

describe('band power', () => {
  it('puts a 1 kHz tone in the 1 kHz octave band at its mean power', () => {
    const x = Float32Array.from({ length: RATE }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / RATE));
    const bands = computeBandPower(x, RATE);
    const at = SPEECH_BANDS.findIndex((b) => b.centre === 1000);
    const mid = (b: number) => bands[b]?.values[12] as number;
    expect(mid(at)).toBeCloseTo(0.125, 2);
    for (const b of SPEECH_BANDS.keys()) if (b !== at) expect(mid(b)).toBeLessThan(0.001);
  });
});

describe('clarity', () => {
  it('hears every band of clean speech, and less of it under noise, step by step', async () => {
    const clean = await readMono(speak(TEXT, { synth: 'flite' }));
    const steps = [clean, withWhiteNoise(clean, 25), withWhiteNoise(clean, 15), withWhiteNoise(clean, 5)].map(clarityOf);
    expect(steps[0]?.audibility).toBeGreaterThan(0.95);
    for (let k = 1; k < steps.length; k++) {
      expect(steps[k]?.audibility).toBeLessThan(steps[k - 1]?.audibility as number);
      expect(steps[k]?.clarity).toBeLessThanOrEqual(steps[k - 1]?.clarity as number);
    }
    expect((steps[0]?.clarity as number) - (steps[3]?.clarity as number)).toBeGreaterThanOrEqual(2);
  });

  it('loses the consonant bands when the speech is low-passed, the more the lower the cut', async () => {
    const file = speak(TEXT, { synth: 'flite' });
    const steps = await Promise.all(
      [file, soxEffect(file, ['sinc', '-4000']), soxEffect(file, ['sinc', '-2000']), soxEffect(file, ['sinc', '-1000'])].map(async (f) =>
        clarityOf(await readMono(f)),
      ),
    );
    for (let k = 1; k < steps.length; k++) expect(steps[k]?.audibility).toBeLessThan(steps[k - 1]?.audibility as number);
    // Cut at 1 kHz, the 2 and 4 kHz bands (half the index's importance) are gone.
    expect(steps[3]?.audibility).toBeLessThan(0.55);
    expect((steps[0]?.clarity as number) - (steps[3]?.clarity as number)).toBeGreaterThanOrEqual(2);
  });

  it('judges speech against its own level: the same talk 12 dB quieter is as clear', async () => {
    const clean = await readMono(speak(TEXT, { synth: 'flite' }));
    const quiet = clean.map((v) => v / 4);
    expect(clarityOf(quiet).audibility).toBeCloseTo(clarityOf(clean).audibility, 2);
  });

  it('scales the recogniser out when there is no transcript, and counts sure words when there is', async () => {
    const x = await readMono(speak(TEXT, { synth: 'flite' }));
    const p = analyzeProsody(x, RATE);
    const noWords = measureClarity(trackFor(p, p.activity.speech, [], false), 4);
    expect(noWords.parts.recognised).toBeUndefined();
    // As many words as the syllables imply, each heard with the given confidence.
    const heard = (confidence: number) => {
      const words = Array.from({ length: Math.round(p.nuclei.length / 1.5) }, (_, i) => ({
        text: `w${i}`,
        start: i,
        end: i + 0.3,
        confidence,
        isFiller: false,
      }));
      return measureClarity(trackFor(p, p.activity.speech, words, false), 4);
    };
    const unsure = heard(0.2);
    const sure = heard(1);
    expect(unsure.parts.recognised).toBeCloseTo(0.2, 1);
    expect(sure.parts.recognised).toBeCloseTo(1, 1);
    expect(sure.clarity).toBeGreaterThan(unsure.clarity);
  });
});
