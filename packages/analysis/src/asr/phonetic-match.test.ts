import { describe, expect, it } from 'vitest';
import { phoneticDistance } from './phonetic-match.js';

const phones = (s: string): string[] => s.split(' ');

describe('phoneticDistance', () => {
  it('is 0 when the phrase is heard exactly, wherever it lies among the words heard', () => {
    expect(phoneticDistance(phones('K AY N D AH V'), phones('K AY N D AH V'))).toBe(0);
    // "it is kind of hard": the words before and after cost nothing.
    expect(phoneticDistance(phones('K AY N D AH V'), phones('IH T IH Z K AY N D AH V HH AA R D'))).toBe(0);
  });

  it('charges half for a vowel heard as another vowel, one for any other edit, per phone of the phrase', () => {
    // "for example" heard as "fer example": one vowel for another, and the R dropped.
    const target = phones('F AO R IH G Z AE M P AH L');
    expect(phoneticDistance(target, phones('F ER IH G Z AE M P AH L'))).toBeCloseTo(1.5 / 11, 10);
    // "kind to" for "kind of": AH V against T UW, two substitutions.
    expect(phoneticDistance(phones('K AY N D AH V'), phones('K AY N D T UW'))).toBeCloseTo(2 / 6, 10);
    // "kind a" for "kind of": the V dropped.
    expect(phoneticDistance(phones('K AY N D AH V'), phones('K AY N D AH'))).toBeCloseTo(1 / 6, 10);
  });

  it('is large for words that sound nothing like the phrase, and 1 when nothing was heard', () => {
    // "kind of" against "the project on time".
    const far = phoneticDistance(phones('K AY N D AH V'), phones('DH AH P R AA JH EH K T AA N T AY M'));
    expect(far).toBeGreaterThan(0.5);
    expect(phoneticDistance(phones('K AY N D AH V'), [])).toBe(1);
    expect(phoneticDistance([], phones('K AY N D'))).toBe(0);
  });
});
