import { describe, expect, it } from 'vitest';
import { espeakLetterToSound, planKeywordSpotting } from './keyword-spotting.js';
import { ipaToArpabet } from './letter-to-sound.js';

describe('letter-to-sound for words the dictionary lacks', () => {
  it('maps espeak-ng IPA to ARPAbet', () => {
    expect(ipaToArpabet('ˈɑːnboːɹdɪŋ')).toEqual(['AA', 'N', 'B', 'OW', 'R', 'D', 'IH', 'NG']);
    expect(ipaToArpabet('tʃˈeɪndʒ')).toEqual(['CH', 'EY', 'N', 'JH']);
    expect(ipaToArpabet('bˈɜːɹθdeɪ')).toEqual(['B', 'ER', 'TH', 'D', 'EY']);
    expect(ipaToArpabet('lˈɪtl̩')).toEqual(['L', 'IH', 'T', 'AH', 'L']);
  });

  it('plans out-of-dictionary words and numbers through espeak-ng', () => {
    expect(espeakLetterToSound('onboarding')?.split(' ')).toContain('B');
    const plan = planKeywordSpotting(['onboarding', 'zorblax/Kubernetes', '10 tips', 'so']);
    expect(plan.spotted).toEqual(['onboarding', 'zorblax/Kubernetes', '10 tips']);
    expect(plan.dictionary.get('10')).toBe('T EH N');
    expect(plan.dictionary.has('so')).toBe(false);
  });

  it('leaves a word without any pronunciation to the transcript', () => {
    const plan = planKeywordSpotting(['onboarding', 'dashboard'], new Map([['dashboard', ['D AE SH B AO R D']]]), () => null);
    expect(plan.spotted).toEqual(['dashboard']);
    expect([...plan.dictionary.keys()]).toEqual(['dashboard']);
  });
});
