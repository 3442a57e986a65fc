import { describe, expect, it } from 'vitest';
import { alignWords } from './asr-tradeoff.js';

describe('recogniser trade-off bench: word alignment', () => {
  it('counts matched reference words and edits (substitutions, insertions, deletions)', () => {
    const ref = 'ask not what your country can do for you'.split(' ');
    expect(alignWords(ref, ref)).toEqual({ matched: 9, edits: 0 });
    // "not" deleted, "your" heard as "you're", "the" inserted: 7 of 9 matched, 3 edits.
    expect(alignWords(ref, "ask what you're country can do the for you".split(' '))).toEqual({ matched: 7, edits: 3 });
    expect(alignWords(ref, [])).toEqual({ matched: 0, edits: 9 });
    expect(alignWords([], ['uh'])).toEqual({ matched: 0, edits: 1 });
  });

  it('prefers the alignment that matches more words among those with the fewest edits', () => {
    // Both "a b" -> "b a" alignments cost 2 edits; one of them keeps a match.
    expect(alignWords(['a', 'b'], ['b', 'a'])).toEqual({ matched: 1, edits: 2 });
  });
});
