import { describe, expect, it } from 'vitest';
import { conversationResults, fullResults, p, w } from '../../test/results-fixtures.js';
import { buildCues, srtTime, toSrt, toText, toVtt, vttTime } from '@rostrum/contract';

describe('timestamps', () => {
  it('writes WebVTT with a dot and SRT with a comma, hours always present', () => {
    expect(vttTime(62.345)).toBe('00:01:02.345');
    expect(srtTime(62.345)).toBe('00:01:02,345');
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(srtTime(3723.0004)).toBe('01:02:03,000');
    expect(vttTime(59.9996)).toBe('00:01:00.000');
  });
});

describe('cues', () => {
  it('breaks at a pause of 0.7 s or more and keeps punctuation with its word', () => {
    const cues = buildCues(fullResults().diarizedTranscript, false);
    expect(cues.map((c) => c.text)).toEqual(['Good morning everyone,', 'um thanks for coming.']);
    expect(cues[0]).toMatchObject({ start: 0.5, end: 1.7 });
    expect(cues[1]).toMatchObject({ start: 2.6, end: 4 });
  });

  it('never makes a cue longer than 7 s or 80 characters', () => {
    const words = Array.from({ length: 60 }, (_, i) => w(`word${i}`, i * 0.4, i * 0.4 + 0.35));
    const cues = buildCues(words, false);
    expect(cues.length).toBeGreaterThan(3);
    for (const c of cues) {
      expect(c.end - c.start).toBeLessThanOrEqual(7);
      expect(c.text.length).toBeLessThanOrEqual(80);
    }
    // Every word is in exactly one cue, in order.
    expect(cues.map((c) => c.text).join(' ')).toBe(words.map((x) => x.text).join(' '));
  });

  it('breaks at each change of speaker in a conversation only', () => {
    const items = [w('Hi', 0, 0.2, 1), w('there', 0.2, 0.4, 2)];
    expect(buildCues(items, true).map((c) => c.speaker)).toEqual([1, 2]);
    expect(buildCues(items, false)).toHaveLength(1);
  });

  it('drops leading punctuation-only cues', () => {
    expect(buildCues([p('.', 0)], false)).toEqual([]);
  });
});

describe('WebVTT', () => {
  it('starts with WEBVTT and numbers its cues', () => {
    expect(toVtt(fullResults())).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.700\nGood morning everyone,\n\n2\n00:00:02.600 --> 00:00:04.000\num thanks for coming.\n',
    );
  });

  it('names the speakers of a conversation as voice spans and escapes markup', () => {
    const vtt = toVtt(conversationResults());
    expect(vtt).toContain('<v Speaker ONE>How are you?');
    expect(vtt).toContain('<v Speaker TWO>Fine thanks.');
    expect(toVtt(fullResults({}, [w('a<b&c', 0, 1)]))).toContain('\na&lt;b&amp;c\n');
  });

  it('is just the header without words', () => {
    expect(toVtt(fullResults({}, []))).toBe('WEBVTT\n\n');
  });
});

describe('SRT', () => {
  it('has numbered CRLF blocks with comma timestamps', () => {
    expect(toSrt(fullResults())).toBe(
      '1\r\n00:00:00,500 --> 00:00:01,700\r\nGood morning everyone,\r\n\r\n2\r\n00:00:02,600 --> 00:00:04,000\r\num thanks for coming.\r\n',
    );
  });

  it('prefixes the speaker in a conversation', () => {
    expect(toSrt(conversationResults())).toContain('Speaker ONE: How are you?\r\n');
  });
});

describe('plain text', () => {
  it('writes the title, then the words', () => {
    expect(toText('Team talk', fullResults())).toBe('Team talk\n\nGood morning everyone, um thanks for coming.\n');
  });

  it('writes one paragraph per turn with speaker labels in a conversation', () => {
    expect(toText('Call', conversationResults())).toBe('Call\n\nSpeaker ONE: How are you?\n\nSpeaker TWO: Fine thanks.\n');
  });

  it('falls back to the transcript text without word timings', () => {
    expect(toText('T', fullResults({}, []))).toBe('T\n\nGood morning everyone, um thanks for coming.\n');
  });
});
