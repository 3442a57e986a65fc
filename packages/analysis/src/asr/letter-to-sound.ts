// espeak-ng's IPA (en-us) as the ARPAbet phones of the pocketsphinx dictionary, so a word the
// dictionary lacks (a product name, a number) can still be listened for by the keyword pass.

/** Longest symbols first: "tʃ" before "t", "aɪ" before "a". */
const IPA_TO_ARPABET: [string, string][] = [
  ['tʃ', 'CH'],
  ['dʒ', 'JH'],
  ['eɪ', 'EY'],
  ['aɪ', 'AY'],
  ['ɔɪ', 'OY'],
  ['aʊ', 'AW'],
  ['oʊ', 'OW'],
  ['əʊ', 'OW'],
  ['ɜɹ', 'ER'],
  ['ɚ', 'ER'],
  ['ɝ', 'ER'],
  ['ɜ', 'ER'],
  ['p', 'P'],
  ['b', 'B'],
  ['t', 'T'],
  ['d', 'D'],
  ['k', 'K'],
  ['ɡ', 'G'],
  ['g', 'G'],
  ['f', 'F'],
  ['v', 'V'],
  ['θ', 'TH'],
  ['ð', 'DH'],
  ['s', 'S'],
  ['z', 'Z'],
  ['ʃ', 'SH'],
  ['ʒ', 'ZH'],
  ['h', 'HH'],
  ['m', 'M'],
  ['n', 'N'],
  ['ŋ', 'NG'],
  ['l', 'L'],
  ['ɹ', 'R'],
  ['r', 'R'],
  ['w', 'W'],
  ['j', 'Y'],
  ['ɾ', 'T'],
  ['ʔ', 'T'],
  ['æ', 'AE'],
  ['a', 'AE'],
  ['ɑ', 'AA'],
  ['ɒ', 'AA'],
  ['ʌ', 'AH'],
  ['ə', 'AH'],
  ['ɐ', 'AH'],
  ['ɛ', 'EH'],
  ['e', 'EH'],
  ['ɪ', 'IH'],
  ['ᵻ', 'IH'],
  ['i', 'IY'],
  ['ɔ', 'AO'],
  ['o', 'OW'],
  ['ʊ', 'UH'],
  ['u', 'UW'],
];

/**
 * ARPAbet phones for an IPA string; stress, length and syllable marks are dropped, a syllabic
 * consonant ("l̩") gets its schwa, and unknown symbols are skipped.
 */
export function ipaToArpabet(ipa: string): string[] {
  const text = ipa.normalize('NFD').replace(/[ˈˌːˑ.\s-]|\u0361|\u035c/g, '');
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    if (text[i] === '\u0329') {
      // Syllabic mark after a consonant: a schwa before it.
      out.splice(out.length - 1, 0, 'AH');
      i++;
      continue;
    }
    const match = IPA_TO_ARPABET.find(([ipaSymbol]) => text.startsWith(ipaSymbol, i));
    if (match) {
      out.push(match[1]);
      i += match[0].length;
    } else i++;
  }
  return out;
}
