import { describe, expect, it } from 'vitest';
import type { TContour } from '../signal/contour.js';
import { SPEAKER_CEPSTRA, speakerFeatureDims, speakerUnits } from './speaker-features.js';

const RATE = 16000;
/** A 1 s harmonic tone at `hz` with a little deterministic noise, so no frame is silent. */
function tone(hz: number, seconds = 1): Float32Array {
  let state = 7;
  return Float32Array.from({ length: seconds * RATE }, (_, i) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (
      0.3 * Math.sin((2 * Math.PI * hz * i) / RATE) + 0.1 * Math.sin((4 * Math.PI * hz * i) / RATE) + 0.001 * (state / 2147483648 - 0.5)
    );
  });
}

describe('speaker features', () => {
  it('gives cepstra alone without a pitch track and log F0 beside them with one', () => {
    const x = tone(200);
    const plain = speakerUnits(x, RATE, [{ from: 0, to: 1 }]);
    expect(speakerFeatureDims()).toBe(SPEAKER_CEPSTRA);
    expect(plain[0]?.frames[0]).toHaveLength(SPEAKER_CEPSTRA);
    // Voiced for the first half at 200 Hz, unvoiced after: unvoiced frames take the unit's median.
    const values = Float32Array.from({ length: 100 }, (_, i) => (i < 50 ? 200 : 0));
    const pitch: TContour = { start: 0, step: 0.01, values };
    const withPitch = speakerUnits(x, RATE, [{ from: 0, to: 1 }], pitch);
    expect(speakerFeatureDims(pitch)).toBe(SPEAKER_CEPSTRA + 1);
    const frames = withPitch[0]?.frames ?? [];
    expect(frames).toHaveLength(plain[0]?.frames.length ?? -1);
    const logF0 = frames.map((f) => (f[SPEAKER_CEPSTRA] as number) / 10);
    expect(Math.exp(logF0[10] as number)).toBeCloseTo(200, 3);
    expect(Math.exp(logF0[90] as number)).toBeCloseTo(200, 3);
    // The cepstra are the same with and without pitch.
    expect(Array.from(frames[20] ?? []).slice(0, SPEAKER_CEPSTRA)).toEqual(Array.from(plain[0]?.frames[20] ?? []));
  });

  it('gives a unit with no voiced frame the recording median F0', () => {
    const x = tone(120, 2);
    const values = Float32Array.from({ length: 200 }, (_, i) => (i < 100 ? 120 : 0));
    const units = speakerUnits(
      x,
      RATE,
      [
        { from: 0, to: 1 },
        { from: 1, to: 2 },
      ],
      { start: 0, step: 0.01, values },
    );
    const last = units[1]?.frames ?? [];
    expect(last.length).toBeGreaterThan(50);
    for (const f of last) expect(Math.exp((f[SPEAKER_CEPSTRA] as number) / 10)).toBeCloseTo(120, 3);
  });
});
