import { describe, expect, it } from 'vitest';
import { assignmentMemberView, memberRatingColumns, memberRowVisible, type TAssignmentMemberView } from './policies.js';

// Who sees which rows and columns of an assignment's member table (002 sections 2.6 and 6):
// one row per caller and speaker privacy level, with the answer the spec gives.

const NOW = new Date('2026-01-01T00:00:00Z');
const PAST = new Date('2025-01-01T00:00:00Z');
type TWho = 'coach' | 'expired-coach' | 'org-admin' | 'member-speaker' | 'untargeted-speaker' | 'expired-speaker' | 'stranger';

function who(w: TWho) {
  const orgRoles = w === 'org-admin' ? ['admin', 'manager'] : [];
  const m =
    w === 'coach' || w === 'expired-coach'
      ? { roles: ['manager'], status: 'active', expiresAt: w === 'expired-coach' ? PAST : null }
      : w === 'stranger' || w === 'org-admin'
        ? null
        : { roles: ['speaker'], status: 'active', expiresAt: w === 'expired-speaker' ? PAST : null };
  return { a: { orgRoles }, m, isMember: w === 'member-speaker' || w === 'expired-speaker' };
}

const COACH: TAssignmentMemberView = {
  variant: 'coach',
  peers: 'all',
  userCountHidden: false,
  showRecordingsColumn: true,
  flaggedOrSharedColumn: 'flagged',
  showOverallRating: true,
  showCoachRatingOfOthers: true,
};
const speaker = (over: Partial<TAssignmentMemberView>): TAssignmentMemberView => ({
  variant: 'speaker',
  peers: 'all',
  userCountHidden: false,
  showRecordingsColumn: false,
  flaggedOrSharedColumn: 'shared',
  showOverallRating: true,
  showCoachRatingOfOthers: false,
  ...over,
});
const NONE = {
  variant: 'none',
  peers: 'none',
  userCountHidden: true,
  showRecordingsColumn: false,
  flaggedOrSharedColumn: null,
  showOverallRating: false,
  showCoachRatingOfOthers: false,
} as const;

const rows: [TWho, number, TAssignmentMemberView][] = [
  ['coach', 0, { ...COACH, showOverallRating: false }],
  ...[1, 2, 3, 4].map((l): [TWho, number, TAssignmentMemberView] => ['coach', l, COACH]),
  ['org-admin', 3, COACH],
  ['expired-coach', 1, NONE],
  ['member-speaker', 0, speaker({ peers: 'none', userCountHidden: true, flaggedOrSharedColumn: null, showOverallRating: false })],
  ['member-speaker', 1, speaker({ showCoachRatingOfOthers: true })],
  ['member-speaker', 2, speaker({})],
  ['member-speaker', 3, speaker({ peers: 'sharers', userCountHidden: true })],
  ['member-speaker', 4, speaker({ peers: 'none', userCountHidden: true, flaggedOrSharedColumn: null, showOverallRating: false })],
  ['untargeted-speaker', 1, NONE],
  ['expired-speaker', 1, NONE],
  ['stranger', 1, NONE],
];

describe('assignmentMemberView', () => {
  it.each(rows)('%s at speaker level %i', (w, level, view) => {
    const { a, m, isMember } = who(w);
    expect(assignmentMemberView(a, { speakerPrivacyLevel: level }, m, isMember, NOW)).toEqual(view);
  });
});

describe('memberRowVisible', () => {
  const me = 'u-me';
  const cases: [string, TAssignmentMemberView, { userId: string; sharedAny: boolean }, boolean][] = [
    ['coach, a quiet member', COACH, { userId: 'u-x', sharedAny: false }, true],
    ['speaker level 1, a quiet peer', speaker({}), { userId: 'u-x', sharedAny: false }, true],
    ['speaker level 3, a quiet peer', speaker({ peers: 'sharers' }), { userId: 'u-x', sharedAny: false }, false],
    ['speaker level 3, a peer who shared', speaker({ peers: 'sharers' }), { userId: 'u-x', sharedAny: true }, true],
    ['speaker level 4, a peer who shared', speaker({ peers: 'none' }), { userId: 'u-x', sharedAny: true }, false],
    ['speaker level 4, their own row', speaker({ peers: 'none' }), { userId: me, sharedAny: false }, true],
    ['nobody, their own row', NONE, { userId: me, sharedAny: true }, false],
  ];
  it.each(cases)('%s', (_label, view, member, visible) => {
    expect(memberRowVisible(view, me, member)).toBe(visible);
  });
});

describe('memberRatingColumns', () => {
  it('coaches: the average and the coach rating on every row', () => {
    expect(memberRatingColumns(COACH, 'u-me', 'u-x')).toEqual({ ratingColumn: 'average', showCoachRating: true });
  });
  it("speakers: the average and coach rating on their own rows; My Rating on a peer's; the coach rating of peers at level 1 only", () => {
    expect(memberRatingColumns(speaker({}), 'u-me', 'u-me')).toEqual({ ratingColumn: 'average', showCoachRating: true });
    expect(memberRatingColumns(speaker({}), 'u-me', 'u-x')).toEqual({ ratingColumn: 'mine', showCoachRating: false });
    expect(memberRatingColumns(speaker({ showCoachRatingOfOthers: true }), 'u-me', 'u-x')).toEqual({
      ratingColumn: 'mine',
      showCoachRating: true,
    });
  });
  it('no overall rating column where it is hidden (level 4, feedback off)', () => {
    expect(memberRatingColumns(speaker({ showOverallRating: false }), 'u-me', 'u-me').ratingColumn).toBeNull();
  });
});
