import { describe, expect, it } from 'vitest';
import type { TWord } from '../asr/transcriber.js';
import type { TAcousticFiller } from './acoustic-fillers.js';
import { fuseFillers, spelledSyllables } from './fuse-fillers.js';

const w = (text: string, start: number, end: number, confidence = 0.9, isFiller = false): TWord => ({
  text,
  start,
  end,
  confidence,
  isFiller,
});
const heard = (start: number, end: number, kind: 'uh' | 'um' = 'uh'): TAcousticFiller => ({ start, end, kind, score: 0.8 });

describe('fusing the detector with the recogniser', () => {
  it('replaces the short unsure words the recogniser invented for a hesitation', () => {
    const words = [w('so', 0, 0.3), w('the', 0.5, 0.7, 0.2), w('op', 0.7, 0.95, 0.1), w('garden', 1.1, 1.6)];
    const { words: out, fillers } = fuseFillers(words, [heard(0.45, 1.0, 'um')]);
    expect(out.map((x) => x.text)).toEqual(['so', 'um', 'garden']);
    expect(fillers).toEqual([{ text: 'um', start: 0.45, end: 1.0, confidence: 0.8, isFiller: true }]);
  });

  it('replaces a short word lying mostly inside the hesitation however sure the recogniser is (pocketsphinx wrote "a" at 1.00)', () => {
    const words = [w('a', 6.2, 6.74, 1.0), w('day', 7.11, 7.72, 0.99), w('press', 7.73, 8.1, 0.99)];
    const { words: out } = fuseFillers(words, [heard(6.01, 6.76), heard(7.18, 7.75)]);
    expect(out.map((x) => x.text)).toEqual(['uh', 'uh', 'press']);
  });

  it("takes the recogniser's own filler once, with its spelling", () => {
    const words = [w('um', 0.4, 0.8, 0.7, true), w('yes', 1, 1.3)];
    const { words: out, fillers } = fuseFillers(words, [heard(0.3, 0.9, 'uh')]);
    expect(out.map((x) => x.text)).toEqual(['um', 'yes']);
    expect(fillers).toHaveLength(1);
    expect(fillers[0]).toMatchObject({ start: 0.3, end: 0.9 });
  });

  it('keeps real words: a sure word around the stretch holds a long vowel, not a filler', () => {
    const words = [w('country', 1, 1.8, 0.9)];
    const { words: out, fillers } = fuseFillers(words, [heard(1.3, 1.6)]);
    expect(out).toEqual(words);
    expect(fillers).toEqual([]);
  });

  it('keeps sure short words and words mostly outside the filler', () => {
    const words = [w('do', 0.5, 0.7, 0.95), w('dashwood', 0.75, 1.5, 0.064)];
    const { words: out } = fuseFillers(words, [heard(0.6, 0.9)]);
    expect(out.map((x) => x.text)).toEqual(['do', 'uh', 'dashwood']);
  });

  it("keeps the recogniser's fillers the detector did not hear, and the detector's without any words (no recogniser)", () => {
    expect(fuseFillers([w('uh', 2, 2.3, 0.5, true)], []).fillers.map((x) => x.start)).toEqual([2]);
    expect(fuseFillers([], [heard(1, 1.5), heard(3, 3.4, 'um')]).fillers.map((x) => x.text)).toEqual(['uh', 'um']);
  });

  it('counts syllables by vowel groups in the spelling', () => {
    expect([spelledSyllables('the'), spelledSyllables("ba'ath"), spelledSyllables('country'), spelledSyllables('dashwood')]).toEqual([
      1, 1, 2, 2,
    ]);
  });
});
