import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCoachDashboardSchema,
  ZLibraryRecordingSchema,
  ZMemberAssignmentsSchema,
  ZSpeakerDashboardSchema,
  type TCoachDashboard,
} from '@rostrum/contract';
import { z } from 'zod';
import { feedback } from '../../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { progressScene } from '../../test/progress-fixture.js';

// The dashboards and My Library (002 sections 2.2 and 2.4) on the progress scene: who counts at
// each privacy level, and who is refused.
//
// The scene (progress.fixture.ts) in group A, one continuous assignment "Elevator Pitch":
//   speaker: "Mine flagged" (submitted; coach comment + coach rating 8), "Mine private" (own comment)
//   peer:    "Peer shared" (shared; the speaker's comment and rating 6)
//   quiet:   a failed one in the assignment, a deleted one (never counted), "Quiet elsewhere" (shared, no assignment)
// Here a peer also comments on "Mine flagged" (the speaker's peers' feedback, hidden at speaker level 4).

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });

async function scene() {
  const s = await progressScene(t.db);
  await t.db
    .insert(feedback)
    .values({ recordingId: s.flagged.id, groupId: s.group.id, userId: s.peer.id, kind: 'comment', comment: 'Loved it' });
  const auth = {
    coach: await signInAs(t, s.coach.email),
    speaker: await signInAs(t, s.speaker.email),
    peer: await signInAs(t, s.peer.email),
    admin: await signInAs(t, s.admin.email),
  };
  const read = async <T extends z.ZodType>(schema: T, url: string, authorization: string): Promise<z.infer<T>> => {
    const res = await get(url, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return schema.parse(res.json().data);
  };
  return {
    ...s,
    auth,
    coachDashboard: (a = auth.coach) => read(ZCoachDashboardSchema, `/groups/${s.group.id}/dashboard`, a),
    memberAssignments: (userId: string, a = auth.coach) =>
      read(ZMemberAssignmentsSchema, `/groups/${s.group.id}/members/${userId}/assignments`, a),
    speakerDashboard: (a: string) => read(ZSpeakerDashboardSchema, '/me/dashboard', a),
    library: (a: string) => read(z.array(ZLibraryRecordingSchema), '/me/library', a),
  };
}

const member = (d: TCoachDashboard, userId: string) => d.members.find((m) => m.userId === userId)!;
const counts = (d: TCoachDashboard, userId: string) => {
  const m = member(d, userId);
  return { recordings: m.recordings, flagged: m.flagged, comments: m.comments };
};

describe('GET groups/{id}/dashboard', () => {
  it('coach level 1: every recording of the group speakers (failed too, not deleted) and every comment', async () => {
    const s = await scene();
    const d = await s.coachDashboard();
    expect(d.groupId).toBe(s.group.id);
    // Active speakers only: not the coach.
    expect(d.members.map((m) => m.userId).sort()).toEqual([s.speaker.id, s.peer.id, s.quiet.id].sort());
    expect(counts(d, s.speaker.id)).toEqual({ recordings: 2, flagged: 1, comments: 3 });
    expect(counts(d, s.peer.id)).toEqual({ recordings: 1, flagged: 0, comments: 1 });
    expect(counts(d, s.quiet.id)).toEqual({ recordings: 2, flagged: 0, comments: 0 });
    expect(d.stats).toEqual({ activeAssignments: 1, totalRecordings: 5, totalComments: 4, recordingsForReview: 1 });
    // The speaker completed the assignment; the peer is on it; quiet has not started.
    expect(member(d, s.speaker.id)).toMatchObject({ totalAssignments: 1, activeAssignments: 0, name: 'speaker Person' });
    expect(member(d, s.peer.id)).toMatchObject({ totalAssignments: 1, activeAssignments: 1 });
    expect(member(d, s.quiet.id)).toMatchObject({ totalAssignments: 1, activeAssignments: 1 });
    expect(member(d, s.speaker.id).lastUpload).toBe(s.priv.createdAt.toISOString());
    // An org admin sees what the coach sees.
    expect(await s.coachDashboard(s.auth.admin)).toEqual(d);
  });

  it('coach level 2: every recording counted, comments only on shared or flagged ones', async () => {
    const s = await scene();
    await s.setLevels(2, 1);
    const d = await s.coachDashboard();
    expect(counts(d, s.speaker.id)).toEqual({ recordings: 2, flagged: 1, comments: 2 });
    expect(d.stats).toMatchObject({ totalRecordings: 5, totalComments: 3, recordingsForReview: 1 });
  });

  it('coach level 3: only submitted or shared recordings and their comments count', async () => {
    const s = await scene();
    await s.setLevels(3, 1);
    const d = await s.coachDashboard();
    expect(counts(d, s.speaker.id)).toEqual({ recordings: 1, flagged: 1, comments: 2 });
    expect(counts(d, s.peer.id)).toEqual({ recordings: 1, flagged: 0, comments: 1 });
    expect(counts(d, s.quiet.id)).toEqual({ recordings: 1, flagged: 0, comments: 0 });
    expect(member(d, s.speaker.id).lastUpload).toBe(s.flagged.createdAt.toISOString());
    expect(d.stats).toMatchObject({ totalRecordings: 3, totalComments: 3, recordingsForReview: 1 });
  });

  it('coach level 0 lists recordings without their comments; speaker level 0 turns feedback off', async () => {
    const s = await scene();
    await s.setLevels(0, 1);
    expect((await s.coachDashboard()).stats).toMatchObject({ totalRecordings: 5, totalComments: 0 });
    await s.setLevels(1, 0);
    expect((await s.coachDashboard()).stats).toMatchObject({ totalRecordings: 5, totalComments: 0 });
  });

  it('refuses speakers (403), coaches of another group or organisation (404), bad ids (400)', async () => {
    const s = await scene();
    expect((await get(`/groups/${s.group.id}/dashboard`, s.auth.speaker)).statusCode).toBe(403);
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const otherCoach = await signInAs(t, other.coach.email);
    expect((await get(`/groups/${s.group.id}/dashboard`, otherCoach)).statusCode).toBe(404);
    const sameOrgCoach = await addMember(t.db, s.org.id, (await makeGroup(s.org.id)).id, ['manager']);
    expect((await get(`/groups/${s.group.id}/dashboard`, await signInAs(t, sameOrgCoach.email))).statusCode).toBe(404);
    const bad = await get('/groups/not-an-id/dashboard', s.auth.coach);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ code: 'request.invalid', status: 400 }] });
    expect((await get(`/groups/${other.group.id}/dashboard`, s.auth.admin)).statusCode).toBe(404);
  });
});

async function makeGroup(orgId: string) {
  const { groups } = await import('../../db/schema.js');
  const [g] = await t.db
    .insert(groups)
    .values({ orgId, name: `Group ${Math.random()}`, inviteCode: `X${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}` })
    .returning();
  return g!;
}

describe('GET groups/{id}/members/{userId}/assignments', () => {
  it("the member's row of each assignment, cut like the details page", async () => {
    const s = await scene();
    const body = await s.memberAssignments(s.speaker.id);
    expect(body).toMatchObject({ groupId: s.group.id, userId: s.speaker.id });
    expect(body.assignments).toHaveLength(1);
    expect(body.assignments[0]).toMatchObject({
      assignmentId: s.assignment.id,
      name: 'Elevator Pitch',
      archived: false,
      continuous: true,
      status: 'completed',
      recordingsCount: 2,
      submittedCount: 1,
      sharedCount: 0,
      feedbackCount: 3,
      ratingColumn: 'average',
      showCoachRating: true,
    });
    expect(body.assignments[0]!.recordings.map((r) => r.title)).toEqual(['Mine private', 'Mine flagged']);
    // The same row as GET assignments/{id}/members.
    const details = (await get(`/assignments/${s.assignment.id}/members`, s.auth.coach)).json().data;
    const detailRow = details.members.find((m: { userId: string }) => m.userId === s.speaker.id);
    expect(body.assignments[0]!.recordings).toEqual(detailRow.recordings);
    await s.setLevels(3, 1);
    const cut = (await s.memberAssignments(s.speaker.id)).assignments[0]!;
    expect(cut).toMatchObject({ recordingsCount: 1, feedbackCount: 2 });
    expect(cut.recordings.map((r) => r.title)).toEqual(['Mine flagged']);
  });

  it('an assignment not for the member is left out; an archived one stays', async () => {
    const s = await scene();
    await insertAssignment(t.db, s.coach, s.group.id, { name: 'Only the peer', userTargets: [s.peer.id] });
    await insertAssignment(t.db, s.coach, s.group.id, { name: 'Old one', archived: true });
    const names = (await s.memberAssignments(s.speaker.id)).assignments.map((a) => a.name).sort();
    expect(names).toEqual(['Elevator Pitch', 'Old one']);
  });

  it('404 for a user of another group; 403 for a speaker; 404 for another organisation; 400 for a bad id', async () => {
    const s = await scene();
    const elsewhere = await addMember(t.db, s.org.id, (await makeGroup(s.org.id)).id, ['speaker']);
    expect((await get(`/groups/${s.group.id}/members/${elsewhere.id}/assignments`, s.auth.coach)).statusCode).toBe(404);
    expect((await get(`/groups/${s.group.id}/members/${s.speaker.id}/assignments`, s.auth.peer)).statusCode).toBe(403);
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const otherCoach = await signInAs(t, other.coach.email);
    expect((await get(`/groups/${s.group.id}/members/${s.speaker.id}/assignments`, otherCoach)).statusCode).toBe(404);
    expect((await get(`/groups/${s.group.id}/members/nope/assignments`, s.auth.coach)).statusCode).toBe(400);
  });
});

describe('GET me/dashboard', () => {
  it('speaker level 1: own counts, peers shared recordings, stats over their own recordings', async () => {
    const s = await scene();
    const d = await s.speakerDashboard(s.auth.speaker);
    expect(d.stats).toEqual({ activeAssignments: 0, totalRecordings: 2, totalComments: 3, recordingsFlagged: 1 });
    expect(d.groups).toEqual([{ groupId: s.group.id, name: 'Group A', assignments: [expect.any(Object)] }]);
    expect(d.groups[0]!.assignments[0]).toMatchObject({
      assignmentId: s.assignment.id,
      status: 'completed',
      algorithm: 'rostrum-default',
      counts: { myRecordings: 2, comments: 3, peerRecordings: 1 },
      abilities: { canSubmit: true },
    });
    const peer = (await s.speakerDashboard(s.auth.peer)).groups[0]!.assignments[0]!;
    expect(peer).toMatchObject({ status: 'inProgress', counts: { myRecordings: 1, comments: 1, peerRecordings: 0 } });
  });

  it("counts every peer's shared recordings in the assignment, a peer's own included for the others", async () => {
    const s = await scene();
    const own = (u: { id: string }) => ({ id: u.id, orgId: s.org.id });
    const shared = { assignmentId: s.assignment.id, feedbackRequested: true };
    await insertDoneRecording(t.db, own(s.quiet), s.group.id, { ...shared, title: 'Quiet shared' });
    await insertDoneRecording(t.db, own(s.quiet), s.group.id, { ...shared, title: 'Quiet flagged', submitted: true });
    await insertDoneRecording(t.db, own(s.speaker), s.group.id, { ...shared, title: 'Mine shared' });
    // The speaker: the peer's 1 and quiet's 2, never their own.
    expect((await s.speakerDashboard(s.auth.speaker)).groups[0]!.assignments[0]!.counts.peerRecordings).toBe(3);
    // The peer: quiet's 2 and the speaker's shared one.
    expect((await s.speakerDashboard(s.auth.peer)).groups[0]!.assignments[0]!.counts.peerRecordings).toBe(3);
  });

  it("speaker level 3 counts sharers' recordings; level 4: no peer count, and peers' comments on their own recordings stay hidden", async () => {
    const s = await scene();
    // Level 3 still shows what peers shared (those who shared are listed).
    await s.setLevels(1, 3);
    expect((await s.speakerDashboard(s.auth.speaker)).groups[0]!.assignments[0]!.counts.peerRecordings).toBe(1);
    await s.setLevels(1, 4);
    const d = await s.speakerDashboard(s.auth.speaker);
    expect(d.groups[0]!.assignments[0]!.counts).toEqual({ myRecordings: 2, comments: 2, peerRecordings: null });
    expect(d.stats.totalComments).toBe(2);
    expect((await s.speakerDashboard(s.auth.peer)).groups[0]!.assignments[0]!.counts).toEqual({
      myRecordings: 1,
      comments: 0,
      peerRecordings: null,
    });
  });

  it('archived assignments stay (not active); coaches have no groups; Assignments off is refused', async () => {
    const s = await scene();
    await insertAssignment(t.db, s.coach, s.group.id, { name: 'Old one', archived: true });
    const d = await s.speakerDashboard(s.auth.speaker);
    expect(d.groups[0]!.assignments.map((a) => a.name).sort()).toEqual(['Elevator Pitch', 'Old one']);
    expect(d.stats.activeAssignments).toBe(0);
    expect(await s.speakerDashboard(s.auth.coach)).toEqual({
      stats: { activeAssignments: 0, totalRecordings: 0, totalComments: 0, recordingsFlagged: 0 },
      groups: [],
    });
    const off = await makeOrg(t.db);
    const res = await get('/me/dashboard', await signInAs(t, off.speaker.email));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET me/library', () => {
  it('own recordings only, with assignment, comments and ratings as their owner sees them', async () => {
    const s = await scene();
    const rows = await s.library(s.auth.speaker);
    expect(rows.map((r) => r.title)).toEqual(['Mine private', 'Mine flagged']);
    expect(rows.every((r) => r.userId === s.speaker.id)).toBe(true);
    const flagged = rows.find((r) => r.recordingId === s.flagged.id)!;
    expect(flagged).toMatchObject({
      assignmentName: 'Elevator Pitch',
      numComments: 2,
      scoreOverallAvgRating: 8,
      numRatings: 1,
      scoreOverallAvgRatingCoach: 8,
      numCoachRatings: 1,
      overallScore: 7,
      submitted: true,
    });
    expect(flagged.playbackUrl).toMatch(new RegExp(`/media/${s.flagged.id}/audio`));
    expect(rows.find((r) => r.recordingId === s.priv.id)).toMatchObject({ numComments: 1, numRatings: 0, playbackUrl: null });
    // The same set as GET recordings.
    const list = (await get('/recordings', s.auth.speaker)).json().data as { recordingId: string }[];
    expect(rows.map((r) => r.recordingId)).toEqual(list.map((r) => r.recordingId));
    await s.setLevels(1, 4);
    expect((await s.library(s.auth.speaker)).find((r) => r.recordingId === s.flagged.id)!.numComments).toBe(1);
  });

  it('a recording outside any group and assignment', async () => {
    const o = await makeOrg(t.db);
    await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, { title: 'Solo', groupId: null });
    const rows = z.array(ZLibraryRecordingSchema).parse((await get('/me/library', await signInAs(t, o.speaker.email))).json().data);
    expect(rows).toMatchObject([{ title: 'Solo', assignmentName: null, groupName: null, numComments: 0 }]);
  });
});
