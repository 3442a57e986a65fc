import { describe, expect, it } from 'vitest';
import { originalNameOf } from './build-data-export.job.js';
import { FORMER_MEMBER, feedbackDocument, type TOwnRecording } from './export-documents.js';

// The export's documents as pure functions: who is named on received feedback, which feedback a
// coach-only scorecard keeps from the owner, the transcript's text, the original's file name.

const ME = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const PEER = '33333333-3333-4333-8333-333333333333';
const REC = '44444444-4444-4444-8444-444444444444';

const own = (over: { speakerPrivacyLevel?: number; coachOnlyScorecard?: boolean } = {}): TOwnRecording =>
  ({
    r: { id: REC, title: 'Mine' },
    groupName: 'Group A',
    speakerPrivacyLevel: over.speakerPrivacyLevel ?? 1,
    assignmentName: null,
    coachOnlyScorecard: over.coachOnlyScorecard ?? null,
  }) as unknown as TOwnRecording;

const fb = (userId: string | null, kind: 'comment' | 'score', isManager: boolean, authorName: string | null) => ({
  f: {
    id: `${kind}-${userId}`,
    recordingId: REC,
    groupId: null,
    userId,
    kind,
    comment: kind === 'comment' ? 'Nice' : null,
    regionStart: null,
    regionEnd: null,
    scoreOverall: kind === 'score' ? 4 : null,
    scoreOrganization: null,
    scoreDelivery: null,
    scoreXfactor: null,
    isManager,
    createdAt: new Date('2026-12-01T10:00:00Z'),
    updatedAt: new Date('2026-12-01T10:00:00Z'),
  },
  authorName,
});

describe('feedbackDocument', () => {
  it('names a deleted author "Former member"', () => {
    const doc = feedbackDocument(ME, [own()], [], [fb(null, 'comment', true, null)]);
    expect(doc.received.map((r) => r.authorName)).toEqual([FORMER_MEMBER]);
  });

  it("keeps peers' scores from the owner under a coach-only scorecard, as the results page does", () => {
    const received = [fb(COACH, 'score', true, 'Coach'), fb(PEER, 'score', false, 'Peer'), fb(PEER, 'comment', false, 'Peer')];
    const doc = feedbackDocument(ME, [own({ coachOnlyScorecard: true })], [], received);
    expect(doc.received.map((r) => [r.authorName, r.kind])).toEqual([
      ['Coach', 'score'],
      ['Peer', 'comment'],
    ]);
  });

  it('gives no received feedback where the group has feedback off (speaker level 0)', () => {
    const doc = feedbackDocument(ME, [own({ speakerPrivacyLevel: 0 })], [], [fb(COACH, 'comment', true, 'Coach')]);
    expect(doc.received).toEqual([]);
  });
});

describe('originalNameOf', () => {
  it('keeps a plain extension of the uploaded file, lower-cased', () => {
    expect(originalNameOf('My Talk.WEBM')).toBe('original.webm');
    expect(originalNameOf('clip.m4a')).toBe('original.m4a');
    expect(originalNameOf(null)).toBe('original');
    expect(originalNameOf('weird.name.with spaces/..')).toBe('original');
  });
});
