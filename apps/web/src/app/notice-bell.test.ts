import { describe, expect, it } from 'vitest';
import { noticeText, type TNotice } from '@rostrum/contract';
import { noticeAge, noticeLink } from './notice-bell';

const notice = (over: Partial<TNotice>): TNotice => ({
  noticeId: '00000000-0000-4000-8000-000000000001',
  kind: 'comment',
  actorName: 'Casey Coach',
  title: 'Pitch',
  detail: null,
  recordingId: '00000000-0000-4000-8000-0000000000aa',
  assignmentId: null,
  createdDate: '2026-11-25T10:00:00Z',
  read: false,
  ...over,
});

describe('the bell', () => {
  it('says each kind of notice in one line', () => {
    expect(noticeText(notice({}))).toBe('Casey Coach commented on “Pitch”');
    expect(noticeText(notice({ kind: 'results', actorName: null }))).toBe('Your results for “Pitch” are ready');
    expect(noticeText(notice({ kind: 'shared', actorName: 'Pat', detail: 'Sales Team' }))).toBe('Pat shared “Pitch” with Sales Team');
    expect(noticeText(notice({ kind: 'assignmentCompleted', actorName: 'Pat', detail: 'Elevator Pitch' }))).toBe(
      'Pat handed in “Pitch” for Elevator Pitch',
    );
    expect(noticeText(notice({ kind: 'assignmentReceived', title: 'Elevator Pitch', recordingId: null }))).toBe(
      'Casey Coach assigned you “Elevator Pitch”',
    );
  });

  it('links a recording to its results and an assignment to its page', () => {
    expect(noticeLink(notice({}))).toBe('/evaluate/00000000-0000-4000-8000-0000000000aa');
    expect(
      noticeLink(notice({ kind: 'assignmentReceived', recordingId: null, assignmentId: '00000000-0000-4000-8000-0000000000bb' })),
    ).toBe('/assignment/details/00000000-0000-4000-8000-0000000000bb');
  });

  it("tells a coach of a grade the course gradebook did not take, linking to the assignment's details", () => {
    const failed = notice({
      kind: 'ltiGradeFailed',
      actorName: 'Sam Student',
      title: 'Persuasive Speech',
      recordingId: null,
      assignmentId: '00000000-0000-4000-8000-0000000000cc',
    });
    expect(noticeText(failed)).toBe('Sam Student’s grade for “Persuasive Speech” could not be sent to the course gradebook');
    expect(noticeLink(failed)).toBe('/assignment/details/00000000-0000-4000-8000-0000000000cc');
  });

  it('tells the age in words', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(noticeAge('2026-11-25T11:59:40Z', now)).toBe('just now');
    expect(noticeAge('2026-11-25T11:55:00Z', now)).toBe('5 min ago');
    expect(noticeAge('2026-11-25T09:00:00Z', now)).toBe('3 h ago');
    expect(noticeAge('2026-11-24T12:00:00Z', now)).toBe('1 day ago');
  });
});
