import { describe, expect, it } from 'vitest';
import { groupSharingAbilities, recordingAbilities, type TRecordingAbilities, type TRecordingAccess } from './policies.js';

// Expected values come from the spec text, not from the function:
// - 001 section 6: "Share with group option shows if ... speakerPrivacyLevel is 1 to 3 (with
//   assignments on, the recording must have an assignment)."
// - 001 section 6 / 000 section 6: flag for review "with assignments on, [if] it has an
//   assignment; without assignments, if managerPrivacyLevel is above 0". The server refuses
//   flagging at coach level 0 in both cases (level 0 exists only with Assignments off, 000 section 3).
//   002 section 2.5: the manage page offers "Submit to coach ... when managerPrivacyLevel is above
//   1" (canSubmitToCoach); flagging itself, and the results page's Flag for Review, need above 0.
// - 002 section 4: with Assignments on a recording is private until it is in an assignment.
// - Sharing, flagging, renaming and deleting are the owner's actions (001 section 6, 002 section 2.5).
// - 001 section 6: feedback is active only above speaker level 0; whoever may hear comments, and
//   anyone but the owner who may hear scores.

const COACH_LEVELS = [0, 1, 2, 3] as const;
const SPEAKER_LEVELS = [0, 1, 2, 3, 4] as const;

interface TCase {
  coach: number;
  speaker: number;
  assignmentsOn: boolean;
  inAssignment: boolean;
  shared: boolean;
  who: 'owner' | 'other';
}

const SPEAKER_SHARES: Record<number, boolean> = { 0: false, 1: true, 2: true, 3: true, 4: false };
const COACH_REVIEWS: Record<number, boolean> = { 0: false, 1: true, 2: true, 3: true };
const MANAGE_SUBMITS: Record<number, boolean> = { 0: false, 1: false, 2: true, 3: true };
const FEEDBACK_ON: Record<number, boolean> = { 0: false, 1: true, 2: true, 3: true, 4: true };

function expected(c: TCase): TRecordingAbilities {
  const owner = c.who === 'owner';
  const privateUntilAssigned = c.assignmentsOn && !c.inAssignment;
  return {
    canHear: true,
    canShare: owner && SPEAKER_SHARES[c.speaker]! && !privateUntilAssigned,
    canFlag: owner && COACH_REVIEWS[c.coach]! && !privateUntilAssigned,
    // 001 section 6: "Flag for review option shows if the recording is not shared" (the results page).
    canFlagOnResults: owner && COACH_REVIEWS[c.coach]! && !privateUntilAssigned && !c.shared,
    // 002 section 2.5: the manage page's Submit to coach, above coach level 1.
    canSubmitToCoach: owner && MANAGE_SUBMITS[c.coach]! && !privateUntilAssigned,
    // 001 section 4: the owner moves a recording into an assignment, with Assignments on, once.
    canSubmit: owner && c.assignmentsOn && !c.inAssignment,
    canRename: owner,
    canDelete: owner,
    canComment: FEEDBACK_ON[c.speaker]!,
    canScore: !owner && FEEDBACK_ON[c.speaker]!,
    // Issue 20: whoever hears a finished recording downloads it; share links need the org setting (off here).
    canExport: true,
    canShareLink: false,
  };
}

const cases: TCase[] = [];
for (const coach of COACH_LEVELS)
  for (const speaker of SPEAKER_LEVELS)
    for (const assignmentsOn of [false, true])
      for (const inAssignment of [false, true])
        for (const shared of [false, true])
          for (const who of ['owner', 'other'] as const) cases.push({ coach, speaker, assignmentsOn, inAssignment, shared, who });

describe('recordingAbilities', () => {
  it('covers every combination', () => expect(cases).toHaveLength(4 * 5 * 2 * 2 * 2 * 2));

  it.each(cases)('coach $coach, speaker $speaker, Assignments $assignmentsOn, in assignment $inAssignment, shared $shared, $who', (c) => {
    // 'other' is a caller who may hear the recording (a coach or a peer it is shared with).
    const access: TRecordingAccess = c.who === 'owner' ? 'owner' : 'hear';
    const got = recordingAbilities(
      access,
      { managerPrivacyLevel: c.coach, speakerPrivacyLevel: c.speaker },
      { Assignments: c.assignmentsOn },
      { assignmentId: c.inAssignment ? '00000000-0000-4000-8000-000000000001' : null, feedbackRequested: c.shared, status: 'done' },
    );
    expect(got).toEqual(expected(c));
  });

  it('spot checks written out in full', () => {
    const group = (coach: number, speaker: number) => ({ managerPrivacyLevel: coach, speakerPrivacyLevel: speaker });
    // Owner, coach 1 / speaker 2, Assignments off: may share and flag.
    expect(recordingAbilities('owner', group(1, 2), {}, { assignmentId: null, feedbackRequested: false, status: 'done' })).toMatchObject({
      canShare: true,
      canFlag: true,
    });
    // Owner, speaker 4 (speakers see no peers): flag only.
    expect(recordingAbilities('owner', group(3, 4), {}, { assignmentId: null, feedbackRequested: false, status: 'done' })).toMatchObject({
      canShare: false,
      canFlag: true,
    });
    // Owner, Assignments on and no assignment: neither.
    expect(
      recordingAbilities('owner', group(2, 2), { Assignments: true }, { assignmentId: null, feedbackRequested: false, status: 'done' }),
    ).toMatchObject({
      canShare: false,
      canFlag: false,
    });
    // Coach level 1: the owner may flag (the results page offers it), but Manage's Submit to coach needs above 1.
    expect(recordingAbilities('owner', group(1, 1), {}, { assignmentId: null, feedbackRequested: false, status: 'done' })).toMatchObject({
      canFlag: true,
      canSubmitToCoach: false,
    });
  });

  it('gives nothing beyond listing to a caller who may only list, and nothing to share without a group', () => {
    expect(
      recordingAbilities(
        'list',
        { managerPrivacyLevel: 2, speakerPrivacyLevel: 2 },
        {},
        { assignmentId: null, feedbackRequested: false, status: 'done' },
      ),
    ).toEqual({
      canHear: false,
      canShare: false,
      canFlag: false,
      canFlagOnResults: false,
      canSubmitToCoach: false,
      canSubmit: false,
      canRename: false,
      canDelete: false,
      canComment: false,
      canScore: false,
      canExport: false,
      canShareLink: false,
    });
    expect(recordingAbilities('owner', null, {}, { assignmentId: null, feedbackRequested: false, status: 'done' })).toEqual({
      canHear: true,
      canShare: false,
      canFlag: false,
      canFlagOnResults: false,
      canSubmitToCoach: false,
      canSubmit: false,
      canRename: true,
      canDelete: true,
      canComment: false,
      canScore: false,
      canExport: true,
      canShareLink: false,
    });
  });
});

describe('export and share links (issue 20)', () => {
  const group = { managerPrivacyLevel: 1, speakerPrivacyLevel: 1 };
  const rec = (status: string) => ({ assignmentId: null, feedbackRequested: false, status });
  it.each([
    // access, Public_Share_Links, status -> canExport, canShareLink
    ['owner', true, 'done', true, true],
    ['owner', false, 'done', true, false],
    ['owner', true, 'processing', false, false],
    ['owner', true, 'failed', false, false],
    ['hear', true, 'done', true, false],
    ['list', true, 'done', false, false],
    ['none', true, 'done', false, false],
  ] as const)('%s, setting %s, %s: export %s, share link %s', (access, on, status, canExport, canShareLink) => {
    expect(recordingAbilities(access, group, { Public_Share_Links: on }, rec(status))).toMatchObject({ canExport, canShareLink });
  });
});

describe('groupSharingAbilities (intake, before the recording exists)', () => {
  it.each(COACH_LEVELS.flatMap((coach) => SPEAKER_LEVELS.map((speaker) => ({ coach, speaker }))))(
    'coach $coach, speaker $speaker',
    ({ coach, speaker }) => {
      expect(groupSharingAbilities({ managerPrivacyLevel: coach, speakerPrivacyLevel: speaker })).toEqual({
        canShare: SPEAKER_SHARES[speaker],
        canFlag: COACH_REVIEWS[coach],
      });
    },
  );
});
