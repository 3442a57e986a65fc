import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, ERROR_CODES, scorecardQuestions, type TAssignment } from '@rostrum/contract';
import { groups, memberships } from '../../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

async function scene() {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  // A second group of the same organisation with its own coach.
  const [g2] = await t.db.insert(groups).values({ orgId: o.org.id, name: 'Group B' }).returning();
  const coachB = await addMember(t.db, o.org.id, g2!.id, ['manager']);
  const other = await makeOrg(t.db, { settings: { Assignments: true } });
  const auth = {
    speaker: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    coachB: await signInAs(t, coachB.email),
    otherCoach: await signInAs(t, other.coach.email),
    otherAdmin: await signInAs(t, other.admin.email),
  };
  const template = (
    await api('POST', '/assignments', auth.coach, {
      name: 'Template',
      description: 'Text',
      criteria: { algorithm: 'rostrum-default', scorecard: true },
    })
  ).json().data as TAssignment;
  const assigned = (await insertAssignment(t.db, o.coach, o.group.id, { name: 'Assigned' })).assignment;
  return { ...o, g2: g2!, coachB, other, auth, template, assigned };
}

describe('attachments', () => {
  it('adds a link (https:// prefixed, http: made https:) and one of the caller’s recordings; deletes one', async () => {
    const s = await scene();
    const add = (body: object, auth = s.auth.coach, id = s.template.assignmentId) =>
      api('POST', `/assignments/${id}/attachments`, auth, body);
    expect((await add({ attachmentType: 'link', name: 'Guide', attachmentUrl: 'example.com/a' })).statusCode).toBe(200);
    const res = await add({ attachmentType: 'link', name: 'Plain', attachmentUrl: 'http://example.com/b' });
    const atts = (res.json().data as TAssignment).attachments;
    expect(atts.map((a) => a.attachmentUrl)).toEqual(['https://example.com/a', 'https://example.com/b']);
    const rec = await insertDoneRecording(t.db, s.coach, s.group.id);
    const withRec = await add({ attachmentType: 'recording', name: 'Model answer', recordingId: rec.id });
    expect(withRec.json().data.attachments[2]).toMatchObject({ attachmentType: 'recording', recordingId: rec.id, attachmentUrl: null });
    const del = await api('DELETE', `/assignments/${s.template.assignmentId}/attachments/${atts[0]!.id}`, s.auth.coach);
    expect((del.json().data as TAssignment).attachments.map((a) => a.name)).toEqual(['Plain', 'Model answer']);
    expect((await api('DELETE', `/assignments/${s.template.assignmentId}/attachments/${atts[0]!.id}`, s.auth.coach)).statusCode).toBe(404);
    // An assigned assignment's attachments are edited by its group's coach.
    expect((await add({ attachmentType: 'link', name: 'G', attachmentUrl: 'example.com' }, s.auth.coach, s.assigned.id)).statusCode).toBe(
      200,
    );
  });

  it('refuses a bad or long URL, another person’s recording, and callers who may not edit', async () => {
    const s = await scene();
    const add = (body: object, auth = s.auth.coach, id = s.template.assignmentId) =>
      api('POST', `/assignments/${id}/attachments`, auth, body);
    const bad = await add({ attachmentType: 'link', name: 'Bad', attachmentUrl: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Enter a valid web address');
    expect((await add({ attachmentType: 'link', name: 'Long', attachmentUrl: `example.com/${'a'.repeat(90)}` })).statusCode).toBe(400);
    expect((await add({ attachmentType: 'link', name: 'x'.repeat(101), attachmentUrl: 'example.com' })).statusCode).toBe(400);
    const theirs = await insertDoneRecording(t.db, s.speaker, s.group.id);
    const notMine = await add({ attachmentType: 'recording', name: 'Theirs', recordingId: theirs.id });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors[0].message).toBe(ASSIGNMENT_MSG.invalidRecordingAttachment);
    const link = { attachmentType: 'link', name: 'G', attachmentUrl: 'example.com' };
    expect((await add(link, s.auth.coachB)).statusCode).toBe(404);
    expect((await add(link, s.auth.coachB, s.assigned.id)).statusCode).toBe(404);
    expect((await add(link, s.auth.speaker, s.assigned.id)).statusCode).toBe(403);
    expect((await add(link, s.auth.otherAdmin, s.assigned.id)).statusCode).toBe(404);
  });
});

describe('PUT assignments/{id}/scorecard', () => {
  const save = (s: Awaited<ReturnType<typeof scene>>, questions: object[], id = s.template.assignmentId, auth = s.auth.coach) =>
    api('PUT', `/assignments/${id}/scorecard`, auth, { scorecard: { questions, coachOnlyScorecard: true } });

  it('saves the questions: ids from names, "please delete" dropped, order renumbered', async () => {
    const s = await scene();
    const qs = scorecardQuestions([
      ['Story Telling', 'Does it tell a story?'],
      ['please delete', ''],
      ['Call to Action', ''],
    ]);
    const res = await save(s, qs);
    expect(res.statusCode, res.body).toBe(200);
    const sc = (res.json().data as TAssignment).scorecard!;
    expect(sc.coachOnlyScorecard).toBe(true);
    expect(sc.questions.map((q) => [q.id, q.order])).toEqual([
      ['scoreOverall', 0],
      ['scoreOrganization', 1],
      ['scoreDelivery', 2],
      ['scoreXfactor', 3],
      ['customstorytelling', 4],
      ['customcalltoaction', 5],
    ]);
  });

  it('answers each rule of section 5 with its code and message', async () => {
    const s = await scene();
    const unnamed = await save(s, scorecardQuestions([['New Rating', '']]));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0]).toMatchObject({ code: ERROR_CODES.scorecardUnnamedRating, message: ASSIGNMENT_MSG.unnamedRating });
    const dup = await save(
      s,
      scorecardQuestions([
        ['Story', ''],
        ['story', ''],
      ]),
    );
    expect(dup.json().errors[0]).toMatchObject({
      code: ERROR_CODES.scorecardDuplicateRating,
      message: ASSIGNMENT_MSG.duplicateRating('story'),
    });
    // A space is dropped from the id like any character but letters, digits, dot and dash.
    const spaced = await save(
      s,
      scorecardQuestions([
        ['STORY telling', ''],
        ['Storytelling', ''],
      ]),
    );
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().errors[0]).toMatchObject({
      code: ERROR_CODES.scorecardDuplicateRating,
      message: ASSIGNMENT_MSG.duplicateRating('Storytelling'),
    });
    const renamed = scorecardQuestions([]).map((q) => (q.id === 'scoreXfactor' ? { ...q, label: 'Wow' } : q));
    expect((await save(s, renamed)).json().errors[0].code).toBe(ERROR_CODES.scorecardInvalidRatings);
    const hidden = scorecardQuestions([]).map((q) => (q.id === 'scoreOverall' ? { ...q, hidden: true } : q));
    expect((await save(s, hidden)).json().errors[0].code).toBe(ERROR_CODES.scorecardInvalidRatings);
    const above = scorecardQuestions([['Story', '']]).map((q) => (q.label === 'Story' ? { ...q, order: 1 } : q));
    const aboveRes = await save(s, above);
    expect(aboveRes.json().errors[0]).toMatchObject({ code: ERROR_CODES.scorecardInvalidRatings, message: ASSIGNMENT_MSG.invalidRatings });
    expect((await save(s, scorecardQuestions([]).slice(1))).statusCode).toBe(400);
  });

  it('templates only (409 criteria_locked); not for other coaches or speakers', async () => {
    const s = await scene();
    const qs = scorecardQuestions([['Story', '']]);
    const locked = await save(s, qs, s.assigned.id);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errors[0].code).toBe(ERROR_CODES.assignmentCriteriaLocked);
    expect((await save(s, qs, s.template.assignmentId, s.auth.coachB)).statusCode).toBe(404);
    expect((await save(s, qs, s.assigned.id, s.auth.speaker)).statusCode).toBe(403);
    expect((await save(s, qs, s.template.assignmentId, s.auth.otherCoach)).statusCode).toBe(404);
  });
});

describe('GET assignments?scope=group and PUT groups/{id}/assignments/order', () => {
  it('lists the group’s assignments for its coach in the manual order; others are refused', async () => {
    const s = await scene();
    const second = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Second' })).assignment;
    const archived = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Old', archived: true })).assignment;
    await insertAssignment(t.db, s.coachB, s.g2.id, { name: 'Elsewhere' });
    const list = async (auth = s.auth.coach) =>
      ((await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, auth)).json().data as TAssignment[]).map((a) => a.name);
    expect((await list()).at(-1)).toBe('Old');
    expect((await list()).sort()).toEqual(['Assigned', 'Old', 'Second']);
    const res = await api('PUT', `/groups/${s.group.id}/assignments/order`, s.auth.coach, {
      assignments: [
        { assignmentId: archived.id, sortOrder: 0 },
        { assignmentId: s.assigned.id, sortOrder: 1 },
        { assignmentId: second.id, sortOrder: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as TAssignment[]).map((a) => a.name)).toEqual(['Old', 'Assigned', 'Second']);
    expect(await list()).toEqual(['Old', 'Assigned', 'Second']);
    const order = { assignments: [{ assignmentId: s.assigned.id, sortOrder: 3 }] };
    expect((await api('PUT', `/groups/${s.group.id}/assignments/order`, s.auth.coachB, order)).statusCode).toBe(404);
    expect((await api('PUT', `/groups/${s.group.id}/assignments/order`, s.auth.speaker, order)).statusCode).toBe(403);
    expect((await api('PUT', `/groups/${s.group.id}/assignments/order`, s.auth.otherAdmin, order)).statusCode).toBe(404);
    const twice = { assignments: [order.assignments[0]!, order.assignments[0]!] };
    expect((await api('PUT', `/groups/${s.group.id}/assignments/order`, s.auth.coach, twice)).statusCode).toBe(400);
    // Only that group's assignments.
    expect((await api('PUT', `/groups/${s.g2.id}/assignments/order`, s.auth.coachB, order)).statusCode).toBe(404);
    expect((await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, s.auth.coachB)).statusCode).toBe(404);
    expect((await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, s.auth.speaker)).statusCode).toBe(403);
    expect((await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, s.auth.otherCoach)).statusCode).toBe(404);
    expect((await api('GET', '/assignments?scope=group', s.auth.coach)).statusCode).toBe(400);
    expect((await api('GET', '/assignments?scope=nope', s.auth.coach)).statusCode).toBe(400);
  });
});

describe('GET assignments/{id} for members', () => {
  it('the speaker sees an assignment that is for them (speaker abilities); a speaker it is not for gets 404', async () => {
    const s = await scene();
    const peer = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    const onlyPeer = (await insertAssignment(t.db, s.coach, s.group.id, { name: 'Just Pat', userTargets: [peer.id] })).assignment;
    expect((await api('GET', `/assignments/${onlyPeer.id}`, s.auth.speaker)).statusCode).toBe(404);
    const mine = (await api('GET', `/assignments/${s.assigned.id}`, s.auth.speaker)).json().data as TAssignment;
    expect(mine.abilities).toEqual({
      canEdit: false,
      canEditCriteria: false,
      canDelete: false,
      canArchive: false,
      canCopy: false,
      canAssign: false,
      canToggleContinuous: false,
      canToggleShared: false,
      canDownloadReport: false,
      canSeeMembers: false,
      canSubmit: true,
    });
    // Move to Assignment only into one that is for the caller; one they cannot see is not found, as above.
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id);
    expect((await api('POST', `/assignments/${onlyPeer.id}/recordings`, s.auth.speaker, { recordingId: rec.id })).statusCode).toBe(404);
    const picker = (await api('GET', '/assignments?scope=assigned', s.auth.speaker)).json().data as TAssignment[];
    expect(picker.map((a) => a.name)).toEqual(['Assigned']);
    // A coach of the group sees members' ones too; Download Report needs the org setting.
    const coachView = (await api('GET', `/assignments/${onlyPeer.id}`, s.auth.coach)).json().data as TAssignment;
    expect(coachView.abilities).toMatchObject({ canSeeMembers: true, canDownloadReport: false, canSubmit: false });
    await t.db.insert(memberships).values({ userId: s.speaker.id, groupId: s.g2.id, roles: ['speaker'] });
    expect((await api('GET', `/assignments/${s.assigned.id}`, s.auth.coachB)).statusCode).toBe(404);
  });
});

describe('counts and completionStatus (from the progress module)', () => {
  it("the speaker's status and the coach's counts follow the recordings moved in", async () => {
    const s = await scene();
    const before = (await api('GET', `/assignments/${s.assigned.id}`, s.auth.speaker)).json().data as TAssignment;
    expect(before.completionStatus).toBe('assigned');
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id);
    expect((await api('POST', `/assignments/${s.assigned.id}/recordings`, s.auth.speaker, { recordingId: rec.id })).statusCode).toBe(200);
    const after = (await api('GET', `/assignments/${s.assigned.id}`, s.auth.speaker)).json().data as TAssignment;
    expect(after.completionStatus).toBe('completed');
    const coach = (await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, s.auth.coach)).json().data as TAssignment[];
    expect(coach[0]!.counts).toMatchObject({ assignedCount: 1, completedCount: 1, recordingsCount: 1 });
    expect(coach[0]!.completionStatus).toBeNull();
  });
});
