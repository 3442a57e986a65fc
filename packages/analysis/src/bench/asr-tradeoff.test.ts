import { describe, expect, it } from 'vitest';
import { alignWords, phraseAccuracy } from './asr-tradeoff.js';

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

describe('recogniser trade-off bench: phrase scoring', () => {
  it('counts found phrases, false alarms and the ones the transcript alone spelled, per recording', () => {
    const truth = [
      [
        { phrase: 'so', from: 0.3, to: 0.8 },
        { phrase: 'basically', from: 5.9, to: 6.6 },
        { phrase: 'basically', from: 12.3, to: 13.4 },
      ],
      [{ phrase: 'you know', from: 1, to: 1.5 }],
    ];
    const spotted = [
      {
        // "so" from the transcript, one "basically" from the keyword pass only, and a "so" where none was said.
        counted: [
          { phrase: 'so', from: 0.3, to: 0.7 },
          { phrase: 'basically', from: 5.9, to: 6.5 },
          { phrase: 'so', from: 9, to: 9.3 },
        ],
        transcript: [
          { phrase: 'so', from: 0.3, to: 0.7 },
          { phrase: 'so', from: 9, to: 9.3 },
        ],
      },
      // The wrong phrase at the right time is no find.
      { counted: [{ phrase: 'so', from: 1, to: 1.2 }], transcript: [] },
    ];
    expect(phraseAccuracy(truth, spotted)).toEqual({ truth: 4, found: 2, falseAlarms: 2, inTranscript: 1 });
  });
});
