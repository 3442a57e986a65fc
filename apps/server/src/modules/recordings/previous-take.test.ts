import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, practicePrompts } from '../../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// GET recordings/{id}/previous-take (issue 20, "Compare with previous take"): the owner's newest
// earlier analysed take of the same title family or assignment, among recordings the caller may
// hear; never another user's or another organisation's recording.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const previous = async (id: string, authorization: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${id}/previous-take`, headers: { authorization } });
  return { status: res.statusCode, id: res.statusCode === 200 ? (res.json().data.previousTakeId as string | null) : undefined };
};
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe('GET recordings/{id}/previous-take', () => {
  it("offers the owner's newest earlier analysed take of the same title family, and nothing else", async () => {
    const o = await makeOrg(t.db);
    const owner = { id: o.speaker.id, orgId: o.org.id };
    const take = (title: string, minute: number, over = {}) =>
      insertDoneRecording(t.db, owner, o.group.id, { title, createdAt: at(minute), ...over });
    const first = await take('Team update', 1);
    await take('Something else', 2);
    await take('Team update (2)', 3, { status: 'failed' });
    await take('Team update - v3', 4, { deletedAt: new Date() });
    const third = await take('team update (4)', 5);
    const later = await take('Team update (5)', 6);
    // Another speaker's recording of the same title, shared with the group, just before.
    const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    await insertDoneRecording(t.db, { id: peer.id, orgId: o.org.id }, o.group.id, {
      title: 'Team update',
      createdAt: at(5),
      feedbackRequested: true,
    });

    const auth = await signInAs(t, o.speaker.email);
    expect(await previous(later.id, auth)).toEqual({ status: 200, id: third.id });
    expect(await previous(third.id, auth)).toEqual({ status: 200, id: first.id });
    expect(await previous(first.id, auth)).toEqual({ status: 200, id: null });
  });

  it('offers an earlier take of the same assignment whatever its title', async () => {
    const o = await makeOrg(t.db, { settings: { Assignments: true } });
    const owner = { id: o.speaker.id, orgId: o.org.id };
    const { assignment } = await insertAssignment(t.db, o.coach, o.group.id);
    const a = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Draft', assignmentId: assignment.id, createdAt: at(1) });
    await insertDoneRecording(t.db, owner, o.group.id, { title: 'Unrelated', createdAt: at(2) });
    const b = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Final', assignmentId: assignment.id, createdAt: at(3) });
    expect(await previous(b.id, await signInAs(t, o.speaker.email))).toEqual({ status: 200, id: a.id });
  });

  it('offers an earlier take of the same practice prompt whatever its title', async () => {
    const o = await makeOrg(t.db);
    const owner = { id: o.speaker.id, orgId: o.org.id };
    const [prompt] = await t.db
      .insert(practicePrompts)
      .values({ orgId: o.org.id, category: 'impromptu', title: 'One superpower', instructions: 'x', suggestedSeconds: 60 })
      .returning();
    const a = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Flying', practicePromptId: prompt!.id, createdAt: at(1) });
    await insertDoneRecording(t.db, owner, o.group.id, { title: 'Unrelated', createdAt: at(2) });
    const b = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Invisibility', practicePromptId: prompt!.id, createdAt: at(3) });
    expect(await previous(b.id, await signInAs(t, o.speaker.email))).toEqual({ status: 200, id: a.id });
  });

  it('offers coaches and peers only takes they may hear; another organisation gets a 404', async () => {
    const o = await makeOrg(t.db);
    const owner = { id: o.speaker.id, orgId: o.org.id };
    const sharedOld = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Pitch', createdAt: at(1), feedbackRequested: true });
    const privateTake = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Pitch (2)', createdAt: at(2) });
    const sharedNew = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Pitch (3)', createdAt: at(3), feedbackRequested: true });
    const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    const coachAuth = await signInAs(t, o.coach.email);
    const peerAuth = await signInAs(t, peer.email);

    // Coach level 1 hears every recording of the group: the private take is offered.
    expect(await previous(sharedNew.id, coachAuth)).toEqual({ status: 200, id: privateTake.id });
    // A peer hears shared recordings only: the private take is skipped.
    expect(await previous(sharedNew.id, peerAuth)).toEqual({ status: 200, id: sharedOld.id });
    // Coach level 3: only shared or submitted recordings; level 0: list only, so nothing is offered.
    await t.db.update(groups).set({ managerPrivacyLevel: 3 }).where(eq(groups.id, o.group.id));
    expect(await previous(sharedNew.id, coachAuth)).toEqual({ status: 200, id: sharedOld.id });
    await t.db.update(groups).set({ managerPrivacyLevel: 0 }).where(eq(groups.id, o.group.id));
    expect(await previous(sharedNew.id, coachAuth)).toEqual({ status: 200, id: null });
    // Speakers who do not share (level 0): the peer may not find the recording at all.
    await t.db.update(groups).set({ speakerPrivacyLevel: 0 }).where(eq(groups.id, o.group.id));
    expect((await previous(sharedNew.id, peerAuth)).status).toBe(404);
    // Another group's coach and another organisation's admin: not found.
    const other = await makeOrg(t.db);
    expect((await previous(sharedNew.id, await signInAs(t, other.admin.email))).status).toBe(404);
    const otherGroup = await t.db
      .insert(groups)
      .values({ orgId: o.org.id, name: 'Group B', inviteCode: `gb${Date.now()}` })
      .returning();
    const otherCoach = await addMember(t.db, o.org.id, otherGroup[0]!.id, ['manager']);
    expect((await previous(sharedNew.id, await signInAs(t, otherCoach.email))).status).toBe(404);
    // Without sign-in: 401.
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${sharedNew.id}/previous-take` });
    expect(res.statusCode).toBe(401);
  });
});
