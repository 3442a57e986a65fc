import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, ERROR_CODES } from '@rostrum/contract';
import { assignmentTargets, assignments, groups, recordings } from '../../db/schema.js';
import { addMember, insertAssignment, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// POST recordings with assignmentId (001 sections 2 and 4): record or upload straight into an
// assignment that is for the caller, open, and of the same speaker type.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const post = (authorization: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/recordings', headers: { authorization }, payload });

const body = (over: object = {}) => ({
  title: 'Elevator Pitch - v1',
  source: 'ui upload form',
  fileName: 'talk.wav',
  fileSize: 1000,
  ...over,
});

async function scene() {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  await t.db.update(groups).set({ speakerPrivacyLevel: 1, managerPrivacyLevel: 1 }).where(eq(groups.id, o.group.id));
  // A second group of the organisation where the speaker also speaks, with its own assignment.
  const [other] = await t.db
    .insert(groups)
    .values({ orgId: o.org.id, name: 'Group B', inviteCode: `B${o.group.inviteCode}` })
    .returning();
  const single = (await insertAssignment(t.db, o.coach, o.group.id, { name: 'Elevator Pitch' })).assignment;
  const multi = (await insertAssignment(t.db, o.coach, o.group.id, { name: 'Panel', algorithm: 'rostrum-conversational' })).assignment;
  const elsewhere = (await insertAssignment(t.db, o.coach, other!.id, { name: 'Elsewhere' })).assignment;
  // insertAssignment gives each a group target (continuous).
  return { ...o, other: other!, single, multi, elsewhere, speakerAuth: await signInAs(t, o.speaker.email) };
}

const stored = async (id: string) => (await t.db.select().from(recordings).where(eq(recordings.id, id)))[0]!;

describe('POST recordings with assignmentId', () => {
  it('joins the assignment and its group, with sharing allowed once it is in one', async () => {
    const s = await scene();
    const res = await post(s.speakerAuth, body({ assignmentId: s.single.id, submitted: true, feedbackRequested: true }));
    expect(res.statusCode).toBe(200);
    const r = await stored(res.json().data.recordingId);
    expect(r).toMatchObject({ assignmentId: s.single.id, groupId: s.group.id, submitted: true, feedbackRequested: true });
    const conv = await post(s.speakerAuth, body({ assignmentId: s.multi.id, algorithm: 'rostrum-conversational' }));
    expect(conv.statusCode).toBe(200);
    expect((await stored(conv.json().data.recordingId)).assignmentId).toBe(s.multi.id);
  });

  it("takes the assignment's group over the group asked for", async () => {
    const s = await scene();
    await addMember(t.db, s.org.id, s.other.id, ['speaker']);
    const res = await post(s.speakerAuth, body({ assignmentId: s.single.id, groupId: s.other.id }));
    expect(res.statusCode).toBe(200);
    expect((await stored(res.json().data.recordingId)).groupId).toBe(s.group.id);
  });

  it("refuses another group's assignment, another organisation's and a template with 404, making nothing", async () => {
    const s = await scene();
    const before = (await t.db.select().from(recordings).where(eq(recordings.userId, s.speaker.id))).length;
    expect((await post(s.speakerAuth, body({ assignmentId: s.elsewhere.id }))).statusCode).toBe(404);
    const far = await makeOrg(t.db, { settings: { Assignments: true } });
    const foreign = (await insertAssignment(t.db, far.coach, far.group.id)).assignment;
    expect((await post(s.speakerAuth, body({ assignmentId: foreign.id }))).statusCode).toBe(404);
    const template = (await insertAssignment(t.db, s.coach, s.group.id, { isTemplate: true })).assignment;
    expect((await post(s.speakerAuth, body({ assignmentId: template.id }))).statusCode).toBe(404);
    expect((await t.db.select().from(recordings).where(eq(recordings.userId, s.speaker.id))).length).toBe(before);
  });

  it('refuses a member the assignment does not target (non-continuous, other users) and a coach', async () => {
    const s = await scene();
    const pat = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    const picked = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Just Pat', userTargets: [pat.id] })).assignment;
    expect((await post(s.speakerAuth, body({ assignmentId: picked.id }))).statusCode).toBe(404);
    expect((await post(await signInAs(t, pat.email), body({ assignmentId: picked.id }))).statusCode).toBe(200);
    const coach = await signInAs(t, s.coach.email);
    expect([403, 404]).toContain((await post(coach, body({ assignmentId: s.single.id }))).statusCode);
  });

  it('refuses a speaker-type mismatch with the spec message', async () => {
    const s = await scene();
    const res = await post(s.speakerAuth, body({ assignmentId: s.single.id, algorithm: 'rostrum-conversational' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: ASSIGNMENT_MSG.unableText, code: ERROR_CODES.assignmentSpeakerTypeMismatch });
    expect((await post(s.speakerAuth, body({ assignmentId: s.multi.id }))).statusCode).toBe(400);
  });

  it('refuses an archived assignment; a deactivated one (continuous status off) still takes its targeted members', async () => {
    const s = await scene();
    const archived = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Old', archived: true, userTargets: [s.speaker.id] }))
      .assignment;
    const res = await post(s.speakerAuth, body({ assignmentId: archived.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe(ERROR_CODES.assignmentClosed);
    expect((await post(s.speakerAuth, body({ assignmentId: 'not-a-uuid' }))).statusCode).toBe(400);
    const off = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Turned off' })).assignment;
    await t.db.update(assignments).set({ deactivated: true }).where(eq(assignments.id, off.id));
    expect((await post(s.speakerAuth, body({ assignmentId: off.id }))).statusCode).toBe(404);
    await t.db.insert(assignmentTargets).values({ assignmentId: off.id, userId: s.speaker.id });
    expect((await post(s.speakerAuth, body({ assignmentId: off.id }))).statusCode).toBe(200);
  });

  it('keeps a recording outside an assignment private when Assignments is on, and refuses assignmentId when it is off', async () => {
    const s = await scene();
    expect((await post(s.speakerAuth, body({ submitted: true }))).statusCode).toBe(400);
    expect((await post(s.speakerAuth, body())).statusCode).toBe(200);
    const off = await makeOrg(t.db, { settings: { Assignments: false } });
    const a = (await insertAssignment(t.db, off.coach, off.group.id)).assignment;
    const res = await post(await signInAs(t, off.speaker.email), body({ assignmentId: a.id }));
    expect(res.statusCode).toBe(403);
  });
});
