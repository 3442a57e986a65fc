import { describe, expect, it } from 'vitest';
import { privateRecordingNote, vocabulary } from '@rostrum/contract';
import { freeDurationHint } from './free-duration-field';

// Issue 41: the words say truthfully what a setting means for the speakers.
describe('what settings mean for speakers', () => {
  const edu = vocabulary('edu');
  it('"No free access" says speakers pay first where plans are sold', () => {
    expect(freeDurationHint(0, edu, true)).toBe(
      'No free access: students who join pay before they start. They buy one of your plans, or enter a prepaid code, on the Subscription page; until then they cannot record.',
    );
    expect(freeDurationHint(0, edu, false)).toBe(
      'Students who join cannot record until they are given access. Choose a duration so they can start at once.',
    );
  });
  it('"Private" at intake is not "yours alone" where the coach hears every recording', () => {
    expect(privateRecordingNote(1, edu)).toBe(
      'A private recording is in no assignment, but it is not hidden: in this class your instructor hears every recording, this one too.',
    );
    expect(privateRecordingNote(2, edu)).toContain('sees it in your list but hears it only once you move it into an assignment');
    expect(privateRecordingNote(3, edu)).toBe(
      'A private recording is yours alone until you move it into an assignment and share or flag it.',
    );
    expect(privateRecordingNote(0, edu)).toContain('cannot hear it');
  });
});
