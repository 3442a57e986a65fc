import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, ERROR_CODES, scorecardQuestions, type TAssignment } from '@rostrum/contract';
import { assignmentTargets, groups, memberships } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

async function scene() {
  const o = await makeOrg(t.db, {
    settings: { Assignments: true, Email_Notifications_For_Speakers: true, Email_Notifications_For_Managers: true },
  });
  const auth = {
    speaker: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    admin: await signInAs(t, o.admin.email),
  };
  const res = await api('POST', '/assignments', auth.coach, {
    name: 'Persuasive Talk',
    description: 'Convince us.',
    criteria: { algorithm: 'rostrum-default', scorecard: true, wordspotting: true },
  });
  const template = res.json().data as TAssignment;
  await api('PATCH', `/assignments/${template.assignmentId}`, auth.coach, { wordspotting: ['so'] });
  await api('PUT', `/assignments/${template.assignmentId}/scorecard`, auth.coach, {
    scorecard: { questions: scorecardQuestions([['Story', 'A story?']]), coachOnlyScorecard: false },
  });
  await api('POST', `/assignments/${template.assignmentId}/attachments`, auth.coach, {
    attachmentType: 'link',
    name: 'Guide',
    attachmentUrl: 'example.com/guide',
  });
  return { ...o, auth, template };
}

const get = async (id: string, auth: string) => (await api('GET', `/assignments/${id}`, auth)).json().data as TAssignment;

describe('POST assignments/{id}/assign', () => {
  it('continuous: one copy per group with a group target, its content copied; the speakers are emailed', async () => {
    const s = await scene();
    const res = await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, {
      continuous: true,
      groupIds: [s.group.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [made] = res.json().data.assignments;
    expect(made).toEqual({ assignmentId: expect.any(String), groupId: s.group.id, groupName: 'Group A' });
    const a = await get(made.assignmentId, s.auth.coach);
    expect(a).toMatchObject({
      name: 'Persuasive Talk',
      isTemplate: false,
      groupId: s.group.id,
      assignmentTemplateId: s.template.assignmentId,
      continuous: true,
      wordspotting: ['so'],
      attachments: [{ name: 'Guide', attachmentType: 'link', attachmentUrl: 'https://example.com/guide' }],
      abilities: { canEdit: true, canEditCriteria: false, canArchive: true, canToggleContinuous: true, canSeeMembers: true },
    });
    expect(a.scorecard?.questions.map((q) => q.label)).toContain('Story');
    expect(a.groupTargets).toEqual([{ groupId: s.group.id, name: 'Group A', createdDate: expect.any(String) }]);
    const forSpeaker = await get(made.assignmentId, s.auth.speaker);
    expect(forSpeaker.abilities.canSubmit).toBe(true);
    expect(forSpeaker.myUserTarget).not.toBeNull();
    const picker = (await api('GET', '/assignments?scope=assigned', s.auth.speaker)).json().data as TAssignment[];
    expect(picker.map((x) => x.assignmentId)).toEqual([made.assignmentId]);
    await t.deliverMail();
    const mail = t.mailer.last(s.speaker.email);
    expect(mail?.subject).toBe('New assignment: "Persuasive Talk"');
    expect(mail?.text).toContain(`http://rostrum.test/assignment/details/${made.assignmentId}`);
    expect(t.mailer.last(s.coach.email)?.subject ?? '').not.toContain('New assignment');
  });

  it('non-continuous: the selected users and the groups’ current speakers become user targets', async () => {
    const s = await scene();
    const [g2] = await t.db.insert(groups).values({ orgId: s.org.id, name: 'Group B' }).returning();
    await t.db.insert(memberships).values({ userId: s.coach.id, groupId: g2!.id, roles: ['manager'] });
    const other = await addMember(t.db, s.org.id, g2!.id, ['speaker']);
    const res = await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, {
      continuous: false,
      groupIds: [s.group.id],
      userIds: [other.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data.assignments as { assignmentId: string; groupId: string }[];
    expect(made.map((m) => m.groupId).sort()).toEqual([s.group.id, g2!.id].sort());
    const targets = await t.db
      .select()
      .from(assignmentTargets)
      .where(
        inArray(
          assignmentTargets.assignmentId,
          made.map((m) => m.assignmentId),
        ),
      );
    expect(targets.every((x) => x.groupId === null)).toBe(true);
    expect(targets.map((x) => x.userId).sort()).toEqual([s.speaker.id, other.id].sort());
    const a = await get(made.find((m) => m.groupId === s.group.id)!.assignmentId, s.auth.coach);
    expect(a.continuous).toBe(false);
    // A speaker who joins later is not a target of a non-continuous assignment.
    const late = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    const lateList = (await api('GET', '/assignments?scope=assigned', await signInAs(t, late.email))).json().data;
    expect(lateList).toEqual([]);
  });

  it('Error 1 with nothing selected, Error 2 with no speakers; only groups the caller coaches; not for speakers', async () => {
    const s = await scene();
    const none = await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, { continuous: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ message: ASSIGNMENT_MSG.assignNoTarget, code: ERROR_CODES.assignmentNoTarget });
    const [empty] = await t.db.insert(groups).values({ orgId: s.org.id, name: 'Empty' }).returning();
    await t.db.insert(memberships).values({ userId: s.coach.id, groupId: empty!.id, roles: ['manager'] });
    const noSpeakers = await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, {
      continuous: false,
      groupIds: [empty!.id],
    });
    expect(noSpeakers.statusCode).toBe(400);
    expect(noSpeakers.json().errors[0]).toMatchObject({ message: ASSIGNMENT_MSG.assignNoSpeakers, code: ERROR_CODES.assignmentNoSpeakers });
    const [notMine] = await t.db.insert(groups).values({ orgId: s.org.id, name: 'Not mine' }).returning();
    expect(
      (await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, { continuous: true, groupIds: [notMine!.id] }))
        .statusCode,
    ).toBe(403);
    const foreign = await makeOrg(t.db, { settings: { Assignments: true } });
    expect(
      (
        await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, {
          continuous: true,
          groupIds: [foreign.group.id],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await api('POST', `/assignments/${s.template.assignmentId}/assign`, await signInAs(t, foreign.coach.email), {
          continuous: true,
          groupIds: [foreign.group.id],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.speaker, { continuous: true, groupIds: [s.group.id] }))
        .statusCode,
    ).toBe(404);
  });
});

describe('archive, continuous status, delete and copy', () => {
  async function assigned() {
    const s = await scene();
    const res = await api('POST', `/assignments/${s.template.assignmentId}/assign`, s.auth.coach, {
      continuous: true,
      groupIds: [s.group.id],
    });
    return { ...s, id: res.json().data.assignments[0].assignmentId as string };
  }

  it('Turn Off Continuous keeps the current speakers as user targets; a later member is not one; Convert turns it back on', async () => {
    const s = await assigned();
    const off = await api('PATCH', `/assignments/${s.id}`, s.auth.coach, { deactivated: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ deactivated: true, continuous: false, userTargets: [{ userId: s.speaker.id }] });
    const late = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    const lateAuth = await signInAs(t, late.email);
    expect((await api('GET', `/assignments/${s.id}`, lateAuth)).statusCode).toBe(404);
    // Deactivated assignments still take recordings from their targets.
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id);
    expect((await api('POST', `/assignments/${s.id}/recordings`, s.auth.speaker, { recordingId: rec.id })).statusCode).toBe(200);
    const on = await api('PATCH', `/assignments/${s.id}`, s.auth.coach, { deactivated: false });
    expect(on.json().data).toMatchObject({ deactivated: false, continuous: true });
    expect((await api('GET', `/assignments/${s.id}`, lateAuth)).json().data.abilities.canSubmit).toBe(true);
    expect((await api('PATCH', `/assignments/${s.id}`, s.auth.speaker, { deactivated: true })).statusCode).toBe(403);
  });

  it('archive closes it: no recordings, no continuous toggle; the speaker still sees it; restore reopens it', async () => {
    const s = await assigned();
    const arch = await api('PATCH', `/assignments/${s.id}`, s.auth.coach, { archived: true });
    expect(arch.json().data).toMatchObject({ archived: true, abilities: { canToggleContinuous: false, canArchive: true } });
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id);
    expect((await api('POST', `/assignments/${s.id}/recordings`, s.auth.speaker, { recordingId: rec.id })).statusCode).toBe(404);
    expect((await api('PATCH', `/assignments/${s.id}`, s.auth.coach, { deactivated: true })).statusCode).toBe(409);
    expect((await api('PATCH', `/assignments/${s.id}`, s.auth.coach, { name: 'x' })).statusCode).toBe(409);
    const seen = await get(s.id, s.auth.speaker);
    expect(seen.abilities.canSubmit).toBe(false);
    expect((await api('GET', '/assignments?scope=assigned', s.auth.speaker)).json().data).toEqual([]);
    const group = (await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, s.auth.coach)).json().data as TAssignment[];
    expect(group.map((a) => a.assignmentId)).toEqual([s.id]);
    expect((await api('PATCH', `/assignments/${s.id}`, s.auth.coach, { archived: false })).json().data.archived).toBe(false);
  });

  it('delete: templates only, by the owner or an org admin; deleted ones are gone for everyone', async () => {
    const s = await assigned();
    const notTemplate = await api('DELETE', `/assignments/${s.id}`, s.auth.coach);
    expect(notTemplate.statusCode).toBe(409);
    expect(notTemplate.json().errors[0].code).toBe(ERROR_CODES.assignmentNotTemplate);
    const coach2 = await addMember(t.db, s.org.id, s.group.id, ['manager']);
    await api('PATCH', `/assignments/${s.template.assignmentId}`, s.auth.coach, { isShared: true });
    expect((await api('DELETE', `/assignments/${s.template.assignmentId}`, await signInAs(t, coach2.email))).statusCode).toBe(403);
    expect((await api('DELETE', `/assignments/${s.template.assignmentId}`, s.auth.admin)).statusCode).toBe(200);
    expect((await api('GET', `/assignments/${s.template.assignmentId}`, s.auth.coach)).statusCode).toBe(404);
    expect((await api('PATCH', `/assignments/${s.template.assignmentId}`, s.auth.coach, { name: 'x' })).statusCode).toBe(404);
    const list = (await api('GET', '/assignments?scope=templates', s.auth.coach)).json().data as TAssignment[];
    expect(list.map((a) => a.assignmentId)).not.toContain(s.template.assignmentId);
  });

  it('copy: a private template "{name} (Copy)" of the caller with the content; assigned ones copy too', async () => {
    const s = await assigned();
    const res = await api('POST', `/assignments/${s.id}/copy`, s.auth.coach);
    expect(res.statusCode).toBe(200);
    const c = res.json().data as TAssignment;
    expect(c).toMatchObject({
      name: 'Persuasive Talk (Copy)',
      isTemplate: true,
      isShared: false,
      groupId: null,
      assignmentTemplateId: null,
      userId: s.coach.id,
      wordspotting: ['so'],
      attachments: [{ name: 'Guide' }],
      groupTargets: [],
    });
    expect(c.scorecard?.questions.map((q) => q.label)).toContain('Story');
    expect((await api('POST', `/assignments/${s.id}/copy`, s.auth.speaker)).statusCode).toBe(403);
  });
});
