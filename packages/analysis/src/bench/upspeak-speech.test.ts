import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProsody } from '../signal/prosody.js';
import { RATE, readMono, speak } from '../testing/speech-fixtures.js';
import { type TRiseShape, withFinalRise } from './upspeak-speech.js';

/** Semitones from the pitch 0.35 s before the last voiced frame to the median of the last three. */
async function finalMovement(file: string): Promise<number> {
  const { pitch } = analyzeProsody(await readMono(file), RATE);
  const voiced = [...pitch.values.keys()].filter((i) => (pitch.values[i] as number) > 0);
  const last = voiced[voiced.length - 1] as number;
  const end = voiced.slice(-3).map((i) => pitch.values[i] as number);
  end.sort((a, b) => a - b);
  const before = voiced.filter((i) => i <= last - Math.round(0.35 / pitch.step)).pop() as number;
  return 12 * Math.log2((end[1] as number) / (pitch.values[before] as number));
}

describe('the upspeak bench’s imposed final rise', () => {
  it('replacing the end’s contour makes it rise by about the given size; scaling it only adds to what the voice did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rostrum-rise-'));
    const statement = speak('We will end every meeting with clear decisions and owners.', { rate: 150 });
    const rise = (shape: TRiseShape) => withFinalRise(statement, dir, 4.5, 0.4, [], shape);
    const fluent = await finalMovement(statement);
    const replaced = await finalMovement(rise('replaced'));
    const scaled = await finalMovement(rise('scaled'));
    console.info(`final movement: fluent ${fluent.toFixed(1)}, scaled ${scaled.toFixed(1)}, replaced ${replaced.toFixed(1)} st`);
    expect(fluent).toBeLessThan(0);
    expect(replaced).toBeGreaterThan(3);
    expect(Math.abs(scaled - fluent - 4.5)).toBeLessThan(2);
  });
});
