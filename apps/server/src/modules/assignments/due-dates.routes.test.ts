import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUE_MSG, ERROR_CODES, type TAssignment, type TAssignmentMembers } from '@rostrum/contract';
import { assignments, groups, organisations } from '../../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// Due dates (issue 41 item 8): saved and cleared through the editor's calls, refused in the past
// when new, shown as dueAt, and read as "Overdue" for members who have not completed it after it,
// in the member table, the coach's counts, the speaker's dashboard and the CSV.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

const HOUR = 3600 * 1000;
const inHours = (h: number) => new Date(Math.floor((Date.now() + h * HOUR) / 60_000) * 60_000);
const BODY = { name: 'Elevator Pitch', description: 'Pitch it in a minute.', criteria: { algorithm: 'rostrum-default' } };

async function scene() {
  const o = await makeOrg(t.db, { settings: { Assignments: true, Download_Report_Button: true } });
  const [g2] = await t.db.insert(groups).values({ orgId: o.org.id, name: 'Group B' }).returning();
  const coachB = await addMember(t.db, o.org.id, g2!.id, ['manager']);
  const done = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Assigned' });
  // One recording completes an assignment without criteria: `done` has, the org's speaker has not.
  await insertDoneRecording(t.db, done, o.group.id, { assignmentId: assignment.id });
  const auth = {
    coach: await signInAs(t, o.coach.email),
    coachB: await signInAs(t, coachB.email),
    speaker: await signInAs(t, o.speaker.email),
    done: await signInAs(t, done.email),
    admin: await signInAs(t, o.admin.email),
  };
  return { ...o, done, assigned: assignment, auth };
}

const setDueAt = (assignmentId: string, dueAt: Date | null) =>
  t.db.update(assignments).set({ dueAt }).where(eq(assignments.id, assignmentId));
const storedDueAt = async (assignmentId: string) =>
  (await t.db.select({ dueAt: assignments.dueAt }).from(assignments).where(eq(assignments.id, assignmentId)))[0]!.dueAt;

describe('saving a due date (editor step 1)', () => {
  it('POST assignments keeps a due date ahead and presents it as dueAt; without one it is null', async () => {
    const s = await scene();
    const due = inHours(48);
    const res = await api('POST', '/assignments', s.auth.coach, { ...BODY, dueAt: due.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data as TAssignment;
    expect(a.dueAt).toBe(due.toISOString());
    expect(a.overdue).toBe(false);
    expect((await storedDueAt(a.assignmentId))?.toISOString()).toBe(due.toISOString());
    // An offset is read as the instant it names.
    const offset = await api('POST', '/assignments', s.auth.coach, { ...BODY, dueAt: '2099-06-01T23:59:00+02:00' });
    expect(offset.json().data.dueAt).toBe('2099-06-01T21:59:00.000Z');
    const none = await api('POST', '/assignments', s.auth.coach, BODY);
    expect(none.json().data.dueAt).toBeNull();
  });

  it('POST assignments refuses a due date in the past (400 due_past) and a malformed one (400), saving nothing', async () => {
    const s = await scene();
    const past = await api('POST', '/assignments', s.auth.coach, { ...BODY, name: 'Past', dueAt: inHours(-1).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ message: DUE_MSG.past, code: ERROR_CODES.assignmentDuePast });
    for (const dueAt of ['tomorrow', '2026-13-40T25:00:00Z', 1234, '2026-12-05']) {
      const bad = await api('POST', '/assignments', s.auth.coach, { ...BODY, name: 'Bad', dueAt });
      expect(bad.statusCode, String(dueAt)).toBe(400);
      expect(bad.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
    const templates = (await api('GET', '/assignments?scope=templates', s.auth.coach)).json().data as TAssignment[];
    expect(templates.map((x) => x.name)).not.toContain('Past');
    expect(templates.map((x) => x.name)).not.toContain('Bad');
  });

  it('PATCH sets, moves and clears it (null); a new past date is refused, the stored one may stay once past', async () => {
    const s = await scene();
    const url = `/assignments/${s.assigned.id}`;
    const due = inHours(24);
    const set = await api('PATCH', url, s.auth.coach, { dueAt: due.toISOString() });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.dueAt).toBe(due.toISOString());
    const cleared = await api('PATCH', url, s.auth.coach, { dueAt: null });
    expect(cleared.json().data.dueAt).toBeNull();
    expect(await storedDueAt(s.assigned.id)).toBeNull();

    const past = await api('PATCH', url, s.auth.coach, { dueAt: inHours(-2).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].code).toBe(ERROR_CODES.assignmentDuePast);
    expect(await storedDueAt(s.assigned.id)).toBeNull();

    // An overdue assignment: its other fields are saved with the stored due date sent back unchanged.
    const old = inHours(-5);
    await setDueAt(s.assigned.id, old);
    const kept = await api('PATCH', url, s.auth.coach, { name: 'Renamed', description: 'New words', dueAt: old.toISOString() });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Renamed', dueAt: old.toISOString() });
    // Moving it to another past time is a new date, and refused.
    const moved = await api('PATCH', url, s.auth.coach, { dueAt: inHours(-4).toISOString() });
    expect(moved.statusCode).toBe(400);
    expect((await api('PATCH', url, s.auth.coach, { dueAt: 'soon' })).statusCode).toBe(400);
  });

  it("only the group's coaches (and org admins) set it: a speaker gets 403, another group's coach 404", async () => {
    const s = await scene();
    const url = `/assignments/${s.assigned.id}`;
    const body = { dueAt: inHours(30).toISOString() };
    expect((await api('PATCH', url, s.auth.speaker, body)).statusCode).toBe(403);
    expect((await api('PATCH', url, s.auth.coachB, body)).statusCode).toBe(404);
    expect(await storedDueAt(s.assigned.id)).toBeNull();
    expect((await api('PATCH', url, s.auth.admin, body)).statusCode).toBe(200);
    // A speaker cannot make a template with one either.
    expect((await api('POST', '/assignments', s.auth.speaker, { ...BODY, dueAt: inHours(30).toISOString() })).statusCode).toBe(403);
  });

  it('Assign This copies a due date still ahead into the assignments; a past one is left behind', async () => {
    const s = await scene();
    const due = inHours(72);
    const tpl = (await api('POST', '/assignments', s.auth.coach, { ...BODY, dueAt: due.toISOString() })).json().data as TAssignment;
    const one = await api('POST', `/assignments/${tpl.assignmentId}/assign`, s.auth.coach, { continuous: true, groupIds: [s.group.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(await storedDueAt(one.json().data.assignments[0].assignmentId)).toEqual(due);
    await setDueAt(tpl.assignmentId, inHours(-1));
    const two = await api('POST', `/assignments/${tpl.assignmentId}/assign`, s.auth.coach, { continuous: true, groupIds: [s.group.id] });
    expect(await storedDueAt(two.json().data.assignments[0].assignmentId)).toBeNull();
  });
});

describe('overdue after the due date', () => {
  it('the member table marks incomplete members overdue; the coach counts them; each speaker sees their own', async () => {
    const s = await scene();
    const members = async () => (await api('GET', `/assignments/${s.assigned.id}/members`, s.auth.coach)).json().data as TAssignmentMembers;
    const overdueOf = (m: TAssignmentMembers) => Object.fromEntries(m.members.map((x) => [x.userId, x.overdue]));
    const groupCount = async () =>
      ((await api('GET', `/assignments?scope=group&groupId=${s.group.id}`, s.auth.coach)).json().data as TAssignment[]).find(
        (a) => a.assignmentId === s.assigned.id,
      )!.counts.overdueCount;

    // Ahead: nobody is overdue.
    await setDueAt(s.assigned.id, inHours(2));
    expect(overdueOf(await members())).toEqual({ [s.speaker.id]: false, [s.done.id]: false });
    expect(await groupCount()).toBe(0);

    await setDueAt(s.assigned.id, inHours(-2));
    expect(overdueOf(await members())).toEqual({ [s.speaker.id]: true, [s.done.id]: false });
    expect(await groupCount()).toBe(1);
    const mine = (await api('GET', `/assignments/${s.assigned.id}`, s.auth.speaker)).json().data as TAssignment;
    expect(mine).toMatchObject({ overdue: true, completionStatus: 'assigned' });
    expect((await api('GET', `/assignments/${s.assigned.id}`, s.auth.done)).json().data.overdue).toBe(false);
    // The coach is no member: the entity's overdue is about the caller only.
    expect((await api('GET', `/assignments/${s.assigned.id}`, s.auth.coach)).json().data.overdue).toBe(false);

    // The speaker dashboard's card and the coach's expanded member row say the same.
    const card = (await api('GET', '/me/dashboard', s.auth.speaker)).json().data.groups[0].assignments[0];
    expect(card).toMatchObject({ assignmentId: s.assigned.id, overdue: true, dueAt: (await storedDueAt(s.assigned.id))!.toISOString() });
    const row = (await api('GET', `/groups/${s.group.id}/members/${s.speaker.id}/assignments`, s.auth.coach)).json().data.assignments[0];
    expect(row).toMatchObject({ assignmentId: s.assigned.id, status: 'assigned', overdue: true });

    // Archived: the coach closed it, so nobody is overdue.
    await t.db.update(assignments).set({ archived: true }).where(eq(assignments.id, s.assigned.id));
    expect(overdueOf(await members())).toEqual({ [s.speaker.id]: false, [s.done.id]: false });
  });

  it("the CSV gains Status and Due Date: Overdue for incomplete members after the date, in the organisation's time zone", async () => {
    const s = await scene();
    const csv = async () => {
      const res = await api('GET', `/assignments/${s.assigned.id}/report.csv`, s.auth.coach);
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      const at = (h: string) => header!.indexOf(h);
      return rows.map((r) => ({ first: r[at('First Name')], status: r[at('Status')], due: r[at('Due Date')] }));
    };
    expect((await csv()).map((r) => r.due)).toEqual(['-', '-']);
    await setDueAt(s.assigned.id, new Date('2026-01-10T04:30:00Z'));
    await t.db.update(organisations).set({ timeZone: 'America/New_York' }).where(eq(organisations.id, s.org.id));
    const rows = await csv();
    expect(rows.find((r) => r.first === 'speaker')).toEqual({
      first: 'speaker',
      status: 'Overdue',
      due: '2026-01-09 23:30 America/New_York',
    });
    expect(rows.find((r) => r.first === 'Pat')).toEqual({ first: 'Pat', status: 'Completed', due: '2026-01-09 23:30 America/New_York' });
  });
});

describe("the organisation's time zone", () => {
  it('is UTC until an admin sets an IANA zone; GET me carries it; an unknown zone or a raw offset is refused', async () => {
    const s = await scene();
    expect((await api('GET', '/me', s.auth.speaker)).json().data.org.timeZone).toBe('UTC');
    const set = await api('PATCH', '/admin/org-settings', s.auth.admin, { timeZone: 'Europe/London' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.timeZone).toBe('Europe/London');
    expect((await api('GET', '/me', s.auth.speaker)).json().data.org.timeZone).toBe('Europe/London');
    for (const timeZone of ['Mars/Olympus', '+01:00', '', 'Europe/London; drop table']) {
      const bad = await api('PATCH', '/admin/org-settings', s.auth.admin, { timeZone });
      expect(bad.statusCode, timeZone).toBe(400);
      expect(bad.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
    expect((await api('PATCH', '/admin/org-settings', s.auth.coach, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(403);
    expect((await api('GET', '/me', s.auth.speaker)).json().data.org.timeZone).toBe('Europe/London');
  });
});
