import { describe, expect, it } from 'vitest';
import { spokenWords } from './forced-alignment.js';
import { parseAsteriskTranscripts } from './real-speech.js';
import { cutAtSentences, parseCondition, sentenceWordCounts, truthOf } from './word-spotting-real.js';
import { halfOf } from './halves.js';

const w = (text: string, start: number, end: number) => ({ text, start, end, confidence: 1, isFiller: false });

describe('real-speech word spotting set', () => {
  it('reads the spoken prompts of core-sounds-en.txt and leaves out described sounds and bracketed notes', () => {
    const text = [
      '; Core Asterisk Sounds in English',
      'agent-pass: Please enter your password followed by the pound key.',
      'beep: [this is a simple beep tone]',
      'confbridge-join: <beep ascending>',
      'vm-intro: Please leave your message after the tone.  When done hang up. (simple tone sound plays)',
    ].join('\n');
    expect([...parseAsteriskTranscripts(text)]).toEqual([
      ['agent-pass', 'Please enter your password followed by the pound key.'],
      ['vm-intro', 'Please leave your message after the tone.  When done hang up.'],
    ]);
  });

  it('spells the text as the dictionary does for the alignment', () => {
    expect(spokenWords("Call-Forward on No Answer. Press 1, or your party's name.")).toEqual([
      'call',
      'forward',
      'on',
      'no',
      'answer',
      'press',
      'one',
      'or',
      'your',
      "party's",
      'name',
    ]);
  });

  it('finds the listed phrases in aligned words with the engine matching, longest first', () => {
    const words = [w('press', 0, 0.3), w('one', 0.3, 0.6), w('to', 0.6, 0.7), w('try', 1, 1.2), w('again', 1.2, 1.5), w('please', 2, 2.4)];
    expect(truthOf(words, ['please', 'press 1', 'try again'])).toEqual([
      { phrase: 'please', from: 2, to: 2.4 },
      { phrase: 'press 1', from: 0, to: 0.6 },
      { phrase: 'try again', from: 1, to: 1.5 },
    ]);
  });

  it('splits by name deterministically and reads the conditions', () => {
    expect(halfOf('vm-goodbye')).toBe(halfOf('vm-goodbye'));
    const halves = ['agent-pass', 'vm-intro', 'vm-goodbye', 'conf-full', 'demo-congrats', 'demo-echotest', 'auth-thankyou', 'beep'].map(
      halfOf,
    );
    expect(new Set(halves)).toEqual(new Set(['tune', 'report']));
    expect(parseCondition('white-20')).toEqual({ kind: 'noise', noise: 'white', snr: 20 });
    expect(parseCondition('tempo-0.8')).toEqual({ kind: 'tempo', tempo: 0.8 });
    expect(() => parseCondition('fast')).toThrow();
  });

  it('cuts an aligned excerpt into its comma phrases halfway through the pauses between them', () => {
    expect(sentenceWordCounts('And so my fellow, ask not what, ask.')).toEqual([4, 3, 1]);
    const words = [w('and', 0.1, 0.3), w('so', 0.3, 0.5), w('ask', 1.5, 1.8), w('not', 1.8, 2), w('ask', 3, 3.4)];
    const cut = cutAtSentences(words, [2, 2, 1], 4);
    expect(cut.map((c) => [c.from, c.to])).toEqual([
      [0, 1],
      [1, 2.5],
      [2.5, 4],
    ]);
    // Each sentence's words in its own time.
    expect(cut[1]?.words.map((x) => [x.text, x.start, x.end])).toEqual([
      ['ask', 0.5, 0.8],
      ['not', 0.8, 1],
    ]);
    expect(cut[2]?.words[0]?.start).toBeCloseTo(0.5);
  });
});
