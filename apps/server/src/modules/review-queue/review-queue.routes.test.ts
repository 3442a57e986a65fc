import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZApiErrorSchema, ZReviewQueueCountSchema, ZReviewQueueSchema, type TReviewQueue } from '@rostrum/contract';
import { feedback, groups, memberships } from '../../db/schema.js';
import {
  addGroup,
  addMember,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  signInAs,
  startTestApp,
  type TTestApp,
} from '../../test/harness.js';

// GET review-queue and review-queue/count (issue 41 item 7): what waits for a coach across the
// groups they coach, oldest first, through recordingAccess at the group's coach privacy level.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: authorization ? { authorization } : {} });
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** The queue and its count, which must always agree. */
async function queueOf(authorization: string, after?: string): Promise<TReviewQueue> {
  const res = await get(`/review-queue${after ? `?after=${after}` : ''}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  const q = ZReviewQueueSchema.parse(res.json().data);
  const counted = await get('/review-queue/count', authorization);
  expect(counted.statusCode, counted.body).toBe(200);
  expect(ZReviewQueueCountSchema.parse(counted.json().data).count).toBe(q.count);
  expect(q.count).toBe(q.items.length);
  return q;
}
const titles = (q: TReviewQueue) => q.items.map((i) => i.title);

/**
 * Group A (coach and a second coach, speaker and peer, assignment "Elevator Pitch"): what waits,
 * with a distinct age each, and what must never wait. Group B of the same organisation is the
 * speaker's too, but not the coach's.
 */
async function scene() {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const coach2 = await addMember(t.db, o.org.id, o.group.id, ['manager']);
  const { assignment } = await insertAssignment(t.db, o.coach, o.group.id);
  const rec = (owner: { id: string; orgId: string }, title: string, over: Parameters<typeof insertDoneRecording>[3] = {}) =>
    insertDoneRecording(t.db, owner, o.group.id, { title, ...over });
  const flagged = await rec(o.speaker, 'Flagged', { submitted: true, submittedAt: ago(72), createdAt: ago(80) });
  const shared = await rec(peer, 'Shared in assignment', {
    feedbackRequested: true,
    feedbackRequestedAt: ago(5),
    assignmentId: assignment.id,
  });
  const both = await rec(peer, 'Flagged and shared', {
    submitted: true,
    submittedAt: ago(24),
    feedbackRequested: true,
    feedbackRequestedAt: ago(30),
    assignmentId: assignment.id,
  });
  // Never waiting: shared outside an assignment, private, deleted, failed, processing, the coach's own.
  await rec(peer, 'Shared, no assignment', { feedbackRequested: true, feedbackRequestedAt: ago(100) });
  await rec(o.speaker, 'Private in assignment', { assignmentId: assignment.id });
  await rec(o.speaker, 'Deleted', { submitted: true, submittedAt: ago(90), deletedAt: ago(1) });
  await rec(o.speaker, 'Failed', { submitted: true, submittedAt: ago(90), status: 'failed' });
  await rec(o.speaker, 'Processing', { submitted: true, submittedAt: ago(90), status: 'processing' });
  // The coach's own flagged one waits for the group's other coaches only.
  await rec(o.coach, "Coach's own", { submitted: true, submittedAt: ago(90) });
  // Group B: the speaker's flagged recording there waits for B's coaches, not for the coach of A.
  const groupB = await addGroup(t.db, o.org.id);
  await t.db.insert(memberships).values({ userId: o.speaker.id, groupId: groupB.id, roles: ['speaker'], status: 'active' });
  const inGroupB = await insertDoneRecording(t.db, o.speaker, groupB.id, { title: 'In group B', submitted: true, submittedAt: ago(200) });
  const setLevels = (managerPrivacyLevel: number, speakerPrivacyLevel: number) =>
    t.db.update(groups).set({ managerPrivacyLevel, speakerPrivacyLevel }).where(eq(groups.id, o.group.id));
  return {
    ...o,
    peer,
    coach2,
    assignment,
    flagged,
    shared,
    both,
    inGroupB,
    setLevels,
    auth: {
      coach: await signInAs(t, o.coach.email),
      coach2: await signInAs(t, coach2.email),
      speaker: await signInAs(t, o.speaker.email),
      admin: await signInAs(t, o.admin.email),
    },
  };
}

describe('GET review-queue', () => {
  it("lists the coach's flagged and assignment-shared recordings, oldest first, with what the row shows", async () => {
    const s = await scene();
    const q = await queueOf(s.auth.coach);
    expect(titles(q)).toEqual(['Flagged', 'Flagged and shared', 'Shared in assignment']);
    expect(q.items[0]).toEqual({
      recordingId: s.flagged.id,
      title: 'Flagged',
      speakerName: 'speaker Person',
      groupId: s.group.id,
      groupName: 'Group A',
      assignmentId: null,
      assignmentName: null,
      reason: 'submitted',
      waitingSince: s.flagged.submittedAt!.toISOString(),
      duration: 30,
    });
    // Both ways in: flagged, waiting since the earlier of the two times.
    expect(q.items[1]).toMatchObject({
      reason: 'submitted',
      assignmentId: s.assignment.id,
      assignmentName: 'Elevator Pitch',
      waitingSince: s.both.feedbackRequestedAt!.toISOString(),
    });
    expect(q.items[2]).toMatchObject({
      reason: 'shared',
      speakerName: s.peer.name,
      waitingSince: s.shared.feedbackRequestedAt!.toISOString(),
    });
    // Another organisation's coach sees none of it.
    const other = await makeOrg(t.db);
    await insertDoneRecording(t.db, other.speaker, other.group.id, { title: 'Elsewhere', submitted: true, submittedAt: ago(300) });
    expect(titles(await queueOf(await signInAs(t, other.coach.email)))).toEqual(['Elsewhere']);
    expect(titles(await queueOf(s.auth.coach))).not.toContain('Elsewhere');
  });

  it("a recording leaves a coach's queue once they comment or score it, and stays in the other coach's", async () => {
    const s = await scene();
    await t.db
      .insert(feedback)
      .values({ recordingId: s.flagged.id, groupId: s.group.id, userId: s.coach.id, kind: 'comment', comment: 'Nice', isManager: true });
    // A peer's comment does not review it for the coach.
    await t.db
      .insert(feedback)
      .values({ recordingId: s.shared.id, groupId: s.group.id, userId: s.speaker.id, kind: 'comment', comment: 'Hi' });
    expect(titles(await queueOf(s.auth.coach))).toEqual(['Flagged and shared', 'Shared in assignment']);
    // A score through the API (POST feedback) reviews it as well.
    const scored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: { authorization: s.auth.coach },
      payload: { recordingId: s.shared.id, groupId: s.group.id, scoreOverall: 8, scoreOrganization: 7, scoreDelivery: 7, scoreXfactor: 6 },
    });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(titles(await queueOf(s.auth.coach))).toEqual(['Flagged and shared']);
    expect(titles(await queueOf(s.auth.coach2))).toEqual(["Coach's own", 'Flagged', 'Flagged and shared', 'Shared in assignment']);
  });

  it('offers the next one after the current, going round; after a review, the one that stood after it; nothing when it is the only one', async () => {
    const s = await scene();
    const comment = (r: { id: string }) =>
      t.db.insert(feedback).values({ recordingId: r.id, userId: s.coach.id, kind: 'comment', comment: 'ok', isManager: true });
    expect((await queueOf(s.auth.coach, s.flagged.id)).next?.recordingId).toBe(s.both.id);
    expect((await queueOf(s.auth.coach, s.shared.id)).next?.recordingId).toBe(s.flagged.id);
    expect((await queueOf(s.auth.coach)).next?.recordingId).toBe(s.flagged.id);
    // The coach reviewed the middle one from the queue: next is the one after it, not the oldest.
    await comment(s.both);
    expect((await queueOf(s.auth.coach, s.both.id)).next?.recordingId).toBe(s.shared.id);
    // A recording that could never wait for this coach (group B's) places nothing: the oldest.
    expect((await queueOf(s.auth.coach, s.inGroupB.id)).next?.recordingId).toBe(s.flagged.id);
    // Reviewing the newest goes round to the oldest; with one left, nothing else is offered.
    await comment(s.shared);
    expect((await queueOf(s.auth.coach, s.shared.id)).next?.recordingId).toBe(s.flagged.id);
    expect((await queueOf(s.auth.coach, s.flagged.id)).next).toBeNull();
  });

  it('follows recordingAccess at each coach privacy level, and nothing waits where feedback is off', async () => {
    const s = await scene();
    // Level 3: coaches hear only shared or flagged recordings; a flagged, unshared one is theirs to hear.
    await s.setLevels(3, 3);
    expect(titles(await queueOf(s.auth.coach))).toEqual(['Flagged', 'Flagged and shared', 'Shared in assignment']);
    // Level 0: coaches only list recordings, and cannot open them to review.
    await s.setLevels(0, 0);
    expect((await queueOf(s.auth.coach)).items).toEqual([]);
    // Speaker level 0 turns feedback off (an uncoupled pair older data may hold).
    await s.setLevels(2, 0);
    expect((await queueOf(s.auth.coach)).items).toEqual([]);
  });

  it('is empty for a coach whose membership lapsed, for speakers, and for an org admin who coaches no group', async () => {
    const s = await scene();
    expect((await queueOf(s.auth.speaker)).items).toEqual([]);
    expect((await queueOf(s.auth.admin)).items).toEqual([]);
    // The second coach's coaching of group A lapsed; a speaker membership elsewhere keeps them subscribed.
    const groupC = await addGroup(t.db, s.org.id, 'Group C');
    await t.db.insert(memberships).values({ userId: s.coach2.id, groupId: groupC.id, roles: ['speaker'], status: 'active' });
    await t.db
      .update(memberships)
      .set({ expiresAt: ago(1) })
      .where(and(eq(memberships.userId, s.coach2.id), eq(memberships.groupId, s.group.id)));
    expect((await queueOf(s.auth.coach2)).items).toEqual([]);
    // An org admin who also holds the group's coach role sees its queue as its coach.
    await t.db
      .insert(memberships)
      .values({ userId: s.admin.id, groupId: s.group.id, roles: ['manager'], status: 'active' })
      .onConflictDoNothing();
    expect(titles(await queueOf(s.auth.admin))).toEqual(["Coach's own", 'Flagged', 'Flagged and shared', 'Shared in assignment']);
  });

  it('refuses the signed-out (401) and a malformed `after` or unknown parameter (400), in the error shape', async () => {
    const s = await scene();
    for (const url of ['/review-queue', '/review-queue/count']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(ZApiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
    for (const query of ['after=not-an-id', 'after=', 'groupId=x']) {
      const res = await get(`/review-queue?${query}`, s.auth.coach);
      expect(res.statusCode, query).toBe(400);
      expect(ZApiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
    // An id that is not in the queue (or anywhere) is no error: the oldest comes next.
    const unknown = await queueOf(s.auth.coach, '00000000-0000-4000-8000-000000000000');
    expect(unknown.next?.recordingId).toBe(s.flagged.id);
  });
});
