import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_MSG,
  ZAssignmentMembersSchema,
  ZGroupSharedRecordingsSchema,
  type TAssignmentMember,
  type TAssignmentMembers,
  type TGroupSharedRecordings,
} from '@rostrum/contract';
import { assignments, assignmentTargets, feedback, groups, memberships, organisations } from '../../../db/schema.js';
import { addMember, insertAssignment, makeOrg, signInAs, startTestApp, type TTestApp } from '../../../test/harness.js';
import { progressScene } from '../../../test/progress-fixture.js';

// GET assignments/{id}/members (002 section 2.6) and GET assignments/{id}/shared-recordings
// (002 section 2.8): rows, columns and recordings at each privacy level, and who is refused.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });

async function scene(opts: Parameters<typeof progressScene>[1] = {}) {
  const s = await progressScene(t.db, opts);
  // The coach also rates the peer's shared recording.
  await t.db
    .insert(feedback)
    .values({ recordingId: s.shared.id, groupId: s.group.id, userId: s.coach.id, kind: 'score', scoreOverall: 9, isManager: true });
  const auth = {
    coach: await signInAs(t, s.coach.email),
    speaker: await signInAs(t, s.speaker.email),
    peer: await signInAs(t, s.peer.email),
    admin: await signInAs(t, s.admin.email),
  };
  const members = async (authorization: string): Promise<TAssignmentMembers> => {
    const res = await get(`/assignments/${s.assignment.id}/members`, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return ZAssignmentMembersSchema.parse(res.json().data);
  };
  const listShared = async (authorization: string): Promise<TGroupSharedRecordings> => {
    const res = await get(`/assignments/${s.assignment.id}/shared-recordings`, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return ZGroupSharedRecordingsSchema.parse(res.json().data);
  };
  return { ...s, auth, members, listShared };
}

const row = (body: TAssignmentMembers, userId: string) => body.members.find((m) => m.userId === userId);
const titles = (m: TAssignmentMember | undefined) => m?.recordings.map((r) => r.title);

describe('GET assignments/{id}/members: the coach variant', () => {
  it('every member with completion, counts and recordings; the Shared column hidden', async () => {
    const s = await scene();
    const body = await s.members(s.auth.coach);
    expect(body.view).toEqual({ variant: 'coach', peers: 'all', userCountHidden: false, flaggedFilter: 'flagged' });
    expect(body.hiddenColumns).toEqual(['shared']);
    expect(body.noActiveUsers).toBe(false);
    // By last then first name: "speaker Person" sorts after the two "Pat Member…".
    expect(body.members.map((m) => m.userId)).toEqual(
      [s.peer.id, s.quiet.id, s.speaker.id].sort((a, b) => {
        const name = (id: string) => (id === s.speaker.id ? 'Person' : id === s.peer.id ? s.peer.lastName : s.quiet.lastName);
        return name(a).localeCompare(name(b));
      }),
    );
    const mine = row(body, s.speaker.id)!;
    expect(mine).toMatchObject({
      name: 'speaker Person',
      isMe: false,
      completionStatus: { status: 'completed', minRecordings: true, managerReview: true, minRating: null, shareRecording: null },
      recordingsCount: 2,
      submittedCount: 1,
      sharedCount: null,
      feedbackCount: 2,
      ratingColumn: 'average',
      showCoachRating: true,
    });
    expect(titles(mine)).toEqual(['Mine private', 'Mine flagged']);
    expect(mine.lastUpload).toBe(mine.recordings[0]!.createdDate);
    const flagged = mine.recordings.find((r) => r.title === 'Mine flagged')!;
    expect(flagged).toMatchObject({
      recordingId: s.flagged.id,
      overallScore: 7,
      numComments: 1,
      scoreOverallAvgRating: 8,
      numRatings: 1,
      scoreOverallAvgRatingCoach: 8,
      numCoachRatings: 1,
      myRating: 8,
      submitted: true,
      feedbackRequested: false,
      abilities: { canHear: true },
    });
    expect(flagged.playbackUrl).toMatch(new RegExp(`/media/${s.flagged.id}/audio`));
    expect(row(body, s.peer.id)).toMatchObject({ completionStatus: { status: 'inProgress', managerReview: false }, submittedCount: 0 });
    const peerShared = row(body, s.peer.id)!.recordings[0]!;
    expect(peerShared).toMatchObject({ scoreOverallAvgRating: 7.5, numRatings: 2, scoreOverallAvgRatingCoach: 9, myRating: 9 });
    // Failed and deleted recordings are not listed; the quiet member has not started.
    expect(row(body, s.quiet.id)).toMatchObject({ completionStatus: { status: 'assigned' }, recordings: [], lastUpload: null });
    // An org admin sees what the coach sees.
    expect((await s.members(s.auth.admin)).members.map((m) => m.userId)).toEqual(body.members.map((m) => m.userId));
  });

  it('coach privacy levels 0 to 3 decide which recordings are listed and heard', async () => {
    const s = await scene();
    const heard = async () => {
      const mine = row(await s.members(s.auth.coach), s.speaker.id)!;
      return Object.fromEntries(mine.recordings.map((r) => [r.title, r.abilities.canHear]));
    };
    await s.setLevels(1, 1);
    expect(await heard()).toEqual({ 'Mine flagged': true, 'Mine private': true });
    await s.setLevels(2, 1);
    expect(await heard()).toEqual({ 'Mine flagged': true, 'Mine private': false });
    const listedOnly = row(await s.members(s.auth.coach), s.speaker.id)!.recordings.find((r) => r.title === 'Mine private')!;
    expect(listedOnly).toMatchObject({ overallScore: null, playbackUrl: null, numComments: 0 });
    await s.setLevels(3, 1);
    expect(await heard()).toEqual({ 'Mine flagged': true });
    await s.setLevels(0, 1);
    expect(await heard()).toEqual({ 'Mine flagged': false, 'Mine private': false });
  });

  it('an assignment with no members: noActiveUsers; an archived one is still listed', async () => {
    const s = await scene({ deactivated: true });
    const body = await s.members(s.auth.coach);
    expect(body).toMatchObject({ noActiveUsers: true, members: [] });
    const live = await scene();
    await t.db.update(assignments).set({ archived: true }).where(eq(assignments.id, live.assignment.id));
    expect((await live.members(live.auth.coach)).members).toHaveLength(3);
    expect(row(await live.members(live.auth.speaker), live.speaker.id)!.completionStatus.status).toBe('completed');
  });
});

describe('GET assignments/{id}/members: the speaker variant at each speaker privacy level', () => {
  it('level 1: every member; My Rating on peers, the coach rating of peers shown; Shared column', async () => {
    const s = await scene();
    const body = await s.members(s.auth.speaker);
    expect(body.view).toEqual({ variant: 'speaker', peers: 'all', userCountHidden: false, flaggedFilter: 'shared' });
    expect(body.hiddenColumns).toEqual(['recordings', 'flagged']);
    expect(body.members).toHaveLength(3);
    const mine = row(body, s.speaker.id)!;
    expect(mine).toMatchObject({ isMe: true, recordingsCount: null, submittedCount: null, sharedCount: 0, ratingColumn: 'average' });
    expect(mine.recordings.find((r) => r.title === 'Mine flagged')).toMatchObject({ scoreOverallAvgRatingCoach: 8, numComments: 1 });
    const peer = row(body, s.peer.id)!;
    expect(peer).toMatchObject({ ratingColumn: 'mine', showCoachRating: true, sharedCount: 1, feedbackCount: 1 });
    expect(peer.recordings[0]).toMatchObject({ myRating: 6, scoreOverallAvgRatingCoach: 9, abilities: { canHear: true } });
    expect(peer.recordings[0]!.playbackUrl).not.toBeNull();
  });

  it('level 2: the coach rating of peers hidden; the own one shown', async () => {
    const s = await scene({ speakerPrivacyLevel: 2 });
    const body = await s.members(s.auth.speaker);
    expect(body.members).toHaveLength(3);
    const peer = row(body, s.peer.id)!;
    expect(peer.showCoachRating).toBe(false);
    expect(peer.recordings[0]).toMatchObject({ scoreOverallAvgRatingCoach: null, numCoachRatings: 0, myRating: 6 });
    expect(row(body, s.speaker.id)!.recordings.find((r) => r.title === 'Mine flagged')!.scoreOverallAvgRatingCoach).toBe(8);
    // The peer sees the speaker's row, but not the recording only flagged for the coach.
    expect(titles(row(await s.members(s.auth.peer), s.speaker.id))).toEqual([]);
  });

  it('level 3: only peers who shared, and the user count hidden', async () => {
    const s = await scene({ speakerPrivacyLevel: 3 });
    const body = await s.members(s.auth.speaker);
    expect(body.view).toMatchObject({ peers: 'sharers', userCountHidden: true });
    expect(body.members.map((m) => m.userId).sort()).toEqual([s.speaker.id, s.peer.id].sort());
    // The peer: their own row only, as the speaker shared nothing.
    expect((await s.members(s.auth.peer)).members.map((m) => m.userId)).toEqual([s.peer.id]);
  });

  it('level 4: only the own row; Overall Rating and Shared hidden', async () => {
    const s = await scene({ speakerPrivacyLevel: 4 });
    const body = await s.members(s.auth.speaker);
    expect(body.view).toEqual({ variant: 'speaker', peers: 'none', userCountHidden: true, flaggedFilter: null });
    expect(body.hiddenColumns).toEqual(['recordings', 'flagged', 'shared']);
    expect(body.members.map((m) => m.userId)).toEqual([s.speaker.id]);
    expect(body.members[0]).toMatchObject({ ratingColumn: null, sharedCount: null });
  });
});

describe('GET assignments/{id}/members: who is refused', () => {
  it("another organisation, another group's coach, a speaker it is not for, templates and deleted ones: 404", async () => {
    const s = await scene({ targets: 'users' });
    const url = `/assignments/${s.assignment.id}/members`;
    const foreign = await makeOrg(t.db, { settings: { Assignments: true } });
    const [groupB] = await t.db.insert(groups).values({ orgId: s.org.id, name: 'Group B' }).returning();
    const coachB = await addMember(t.db, s.org.id, groupB!.id, ['manager']);
    const outsider = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    for (const email of [foreign.admin.email, foreign.coach.email, coachB.email, outsider.email]) {
      const res = await get(url, await signInAs(t, email));
      expect(res.statusCode, email).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
    }
    // A speaker whose targeting was removed loses it too.
    await t.db.delete(assignmentTargets).where(eq(assignmentTargets.userId, s.peer.id));
    expect((await get(url, s.auth.peer)).statusCode).toBe(404);
    // A lapsed coach membership is no coach.
    await t.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.userId, s.coach.id));
    // Active elsewhere, so the subscription rule (402) lets the call reach the coach check.
    await t.db.insert(memberships).values({ userId: s.coach.id, groupId: groupB!.id, roles: ['speaker'], status: 'active' });
    expect((await get(url, s.auth.coach)).statusCode).toBe(404);
    const tpl = await insertAssignment(t.db, s.coach, s.group.id, { isTemplate: true });
    expect((await get(`/assignments/${tpl.assignment.id}/members`, s.auth.admin)).statusCode).toBe(404);
    await t.db.update(assignments).set({ deletedAt: new Date() }).where(eq(assignments.id, s.assignment.id));
    expect((await get(url, s.auth.admin)).statusCode).toBe(404);
    expect((await get('/assignments/not-an-id/members', s.auth.admin)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
  });

  it('with the Assignments setting off: 403 with the message', async () => {
    const s = await scene();
    await t.db.update(organisations).set({ settings: {} }).where(eq(organisations.id, s.org.id));
    for (const path of ['members', 'shared-recordings']) {
      const res = await get(`/assignments/${s.assignment.id}/${path}`, s.auth.speaker);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().errors[0].message).toBe(ASSIGNMENT_MSG.assignmentsOff);
    }
  });
});

describe('GET assignments/{id}/shared-recordings', () => {
  it('levels 1 and 2: every other member with what they shared in this assignment', async () => {
    for (const level of [1, 2]) {
      const s = await scene({ speakerPrivacyLevel: level });
      const body = await s.listShared(s.auth.speaker);
      expect(body.peerSharing).toBe(true);
      expect(body.speakers.map((p) => p.userId).sort(), `level ${level}`).toEqual([s.peer.id, s.quiet.id].sort());
      const peer = body.speakers.find((p) => p.userId === s.peer.id)!;
      expect(peer.recordings.map((r) => [r.recordingId, r.title, r.submitted])).toEqual([[s.shared.id, 'Peer shared', false]]);
      // The quiet member's shared recording is in no assignment of this one.
      expect(body.speakers.find((p) => p.userId === s.quiet.id)!.recordings).toEqual([]);
      // The peer: the speaker's flagged recording is not shared with the group.
      const fromPeer = await s.listShared(s.auth.peer);
      expect(fromPeer.speakers.find((p) => p.userId === s.speaker.id)!.recordings).toEqual([]);
    }
  });

  it('level 3: only those who shared; levels 0 and 4: peer sharing off', async () => {
    const s = await scene({ speakerPrivacyLevel: 3 });
    expect((await s.listShared(s.auth.speaker)).speakers.map((p) => p.userId)).toEqual([s.peer.id]);
    expect(await s.listShared(s.auth.peer)).toEqual({ peerSharing: true, speakers: [] });
    for (const level of [0, 4]) {
      await s.setLevels(1, level);
      expect(await s.listShared(s.auth.speaker), `level ${level}`).toEqual({ peerSharing: false, speakers: [] });
    }
  });

  it("refuses the group's coach and org admins (403), others and templates (404)", async () => {
    const s = await scene({ targets: 'users' });
    const url = `/assignments/${s.assignment.id}/shared-recordings`;
    for (const auth of [s.auth.coach, s.auth.admin]) expect((await get(url, auth)).statusCode).toBe(403);
    const foreign = await makeOrg(t.db, { settings: { Assignments: true } });
    const [groupB] = await t.db.insert(groups).values({ orgId: s.org.id, name: 'Group B' }).returning();
    const speakerB = await addMember(t.db, s.org.id, groupB!.id, ['speaker']);
    const outsider = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    for (const email of [foreign.speaker.email, foreign.admin.email, speakerB.email, outsider.email]) {
      expect((await get(url, await signInAs(t, email))).statusCode, email).toBe(404);
    }
    const tpl = await insertAssignment(t.db, s.coach, s.group.id, { isTemplate: true });
    expect((await get(`/assignments/${tpl.assignment.id}/shared-recordings`, s.auth.speaker)).statusCode).toBe(404);
    expect((await get('/assignments/nope/shared-recordings', s.auth.speaker)).statusCode).toBe(400);
  });
});
