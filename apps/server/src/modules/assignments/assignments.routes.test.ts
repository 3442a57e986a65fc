import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG } from '@rostrum/contract';
import { groups, memberships, recordings } from '../../db/schema.js';
import {
  addMember,
  apiCaller,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  signInAs,
  startTestApp,
  type TTestApp,
} from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

async function scene(settings = { Assignments: true }) {
  const o = await makeOrg(t.db, { settings });
  const single = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Elevator Pitch' });
  const multi = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Panel Interview', algorithm: 'rostrum-conversational' });
  const recording = await insertDoneRecording(t.db, o.speaker, o.group.id);
  const auth = {
    speaker: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    admin: await signInAs(t, o.admin.email),
  };
  return { ...o, single: single.assignment, multi: multi.assignment, recording, auth };
}

const assignmentOf = async (id: string) => (await t.db.select().from(recordings).where(eq(recordings.id, id)))[0]!;

describe('GET assignments (the Move to Assignment picker)', () => {
  it("lists the open assignments of the speaker's groups with the group name", async () => {
    const s = await scene();
    await insertAssignment(t.db, s.coach, s.group.id, { name: 'Old one', archived: true });
    await insertAssignment(t.db, s.coach, s.group.id, { name: 'A template', isTemplate: true });
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    await insertAssignment(t.db, other.coach, other.group.id, { name: 'Elsewhere' });
    const res = await api('GET', '/assignments', s.auth.speaker);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { name: string; groupName: string; criteria: { algorithm: string } }[];
    expect(list.map((a) => a.name).sort()).toEqual(['Elevator Pitch', 'Panel Interview']);
    expect(list[0]!.groupName).toBe('Group A');
  });

  it('lists nothing for a coach who is not a speaker of the group', async () => {
    const s = await scene();
    expect((await api('GET', '/assignments', s.auth.coach)).json().data).toEqual([]);
  });
});

describe('POST assignments/{id}/recordings (Move to Assignment)', () => {
  it("moves the owner's recording into the assignment, once; GET recordings/{id} then carries it", async () => {
    const s = await scene();
    const res = await api('POST', `/assignments/${s.single.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id });
    expect(res.statusCode).toBe(200);
    expect((await assignmentOf(s.recording.id)).assignmentId).toBe(s.single.id);
    const rec = (await api('GET', `/recordings/${s.recording.id}`, s.auth.speaker)).json().data;
    expect(rec.assignment).toMatchObject({
      assignmentId: s.single.id,
      assignmentName: 'Elevator Pitch',
      groupName: 'Group A',
      scorecard: null,
    });
    const again = await api('POST', `/assignments/${s.multi.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(ASSIGNMENT_MSG.alreadyAssigned);
    expect((await assignmentOf(s.recording.id)).assignmentId).toBe(s.single.id);
  });

  it('refuses a speaker-type mismatch with the spec message', async () => {
    const s = await scene();
    const res = await api('POST', `/assignments/${s.multi.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(ASSIGNMENT_MSG.unableText);
    const convo = await insertDoneRecording(t.db, s.speaker, s.group.id, { algorithm: 'rostrum-conversational', numSpeakers: 2 });
    expect((await api('POST', `/assignments/${s.single.id}/recordings`, s.auth.speaker, { recordingId: convo.id })).statusCode).toBe(400);
    expect((await api('POST', `/assignments/${s.multi.id}/recordings`, s.auth.speaker, { recordingId: convo.id })).statusCode).toBe(200);
  });

  it("moves the recording into the assignment's group", async () => {
    const s = await scene();
    const [other] = await t.db.insert(groups).values({ orgId: s.org.id, name: 'Group B' }).returning();
    const a = await insertAssignment(t.db, s.coach, other!.id, { name: 'Group B task' });
    await t.db.insert(memberships).values({ userId: s.speaker.id, groupId: other!.id, roles: ['speaker'] });
    expect(
      (await api('POST', `/assignments/${a.assignment.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id })).statusCode,
    ).toBe(200);
    expect((await assignmentOf(s.recording.id)).groupId).toBe(other!.id);
  });

  it("refuses other people's recordings, other organisations, non-speakers, closed assignments and Assignments off", async () => {
    const s = await scene();
    const peer = await addMember(t.db, s.org.id, s.group.id, ['speaker']);
    const peerAuth = await signInAs(t, peer.email);
    const move = (auth: string, assignmentId: string, recordingId = s.recording.id) =>
      api('POST', `/assignments/${assignmentId}/recordings`, auth, { recordingId });
    expect((await move(peerAuth, s.single.id)).statusCode).toBe(404);
    expect((await move(s.auth.coach, s.single.id)).statusCode).toBe(403);
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const foreign = await insertAssignment(t.db, other.coach, other.group.id);
    expect((await move(s.auth.speaker, foreign.assignment.id)).statusCode).toBe(404);
    expect((await move(await signInAs(t, other.admin.email), s.single.id)).statusCode).toBe(404);
    const archived = await insertAssignment(t.db, s.coach, s.group.id, { archived: true });
    expect((await move(s.auth.speaker, archived.assignment.id)).statusCode).toBe(404);
    const off = await scene({ Assignments: false });
    const res = await api('POST', `/assignments/${off.single.id}/recordings`, off.auth.speaker, { recordingId: off.recording.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(ASSIGNMENT_MSG.assignmentsOff);
    expect((await assignmentOf(s.recording.id)).assignmentId).toBeNull();
  });

  it('answers bad input with 400 in the error shape', async () => {
    const s = await scene();
    for (const [url, body] of [
      [`/assignments/${s.single.id}/recordings`, {}],
      [`/assignments/${s.single.id}/recordings`, { recordingId: 'nope' }],
      [`/assignments/${s.single.id}/recordings`, { recordingId: s.recording.id, extra: 1 }],
      ['/assignments/not-an-id/recordings', { recordingId: s.recording.id }],
    ] as const) {
      const res = await api('POST', url, s.auth.speaker, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].status).toBe(400);
    }
  });
});

describe('DELETE assignments/{id}/recordings/{recordingId}', () => {
  it('the group coach removes a recording; the speaker cannot', async () => {
    const s = await scene();
    await api('POST', `/assignments/${s.single.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id });
    expect((await api('DELETE', `/assignments/${s.single.id}/recordings/${s.recording.id}`, s.auth.speaker)).statusCode).toBe(403);
    const other = await makeOrg(t.db);
    expect(
      (await api('DELETE', `/assignments/${s.single.id}/recordings/${s.recording.id}`, await signInAs(t, other.admin.email))).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/assignments/${s.single.id}/recordings/${s.recording.id}`, s.auth.coach)).statusCode).toBe(200);
    expect((await assignmentOf(s.recording.id)).assignmentId).toBeNull();
  });
});

describe('an assignment the caller may not see is not found, as an unknown one', () => {
  it('POST and DELETE assignments/{id}/recordings answer 404 for both, so no one learns which ids exist', async () => {
    const s = await scene();
    await api('POST', `/assignments/${s.single.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id });
    // A speaker and a coach of another group of the organisation: the assignment is not theirs to see.
    const [groupB] = await t.db
      .insert(groups)
      .values({ orgId: s.org.id, name: 'Group B', inviteCode: `GroupB-${s.org.id.slice(0, 8)}` })
      .returning();
    const outsider = await addMember(t.db, s.org.id, groupB!.id, ['speaker']);
    const outsiderCoach = await addMember(t.db, s.org.id, groupB!.id, ['manager']);
    const own = await insertDoneRecording(t.db, outsider, groupB!.id);
    for (const auth of [await signInAs(t, outsider.email), await signInAs(t, outsiderCoach.email)]) {
      for (const id of [s.single.id, crypto.randomUUID()]) {
        const add = await api('POST', `/assignments/${id}/recordings`, auth, { recordingId: own.id });
        expect(add.statusCode, `POST ${id === s.single.id ? 'hidden' : 'unknown'}`).toBe(404);
        const del = await api('DELETE', `/assignments/${id}/recordings/${s.recording.id}`, auth);
        expect(del.statusCode, `DELETE ${id === s.single.id ? 'hidden' : 'unknown'}`).toBe(404);
      }
    }
    expect((await assignmentOf(s.recording.id)).assignmentId).toBe(s.single.id);
    expect((await assignmentOf(own.id)).assignmentId).toBeNull();
  });
});

describe('sharing with Assignments on (002 section 4)', () => {
  it('a recording is private until it is part of an assignment', async () => {
    const s = await scene();
    expect((await api('PUT', `/recordings/${s.recording.id}`, s.auth.speaker, { feedbackRequested: true })).statusCode).toBe(400);
    await api('POST', `/assignments/${s.single.id}/recordings`, s.auth.speaker, { recordingId: s.recording.id });
    expect((await api('PUT', `/recordings/${s.recording.id}`, s.auth.speaker, { feedbackRequested: true })).statusCode).toBe(200);
    expect((await api('PUT', `/recordings/${s.recording.id}`, s.auth.speaker, { title: 'Renamed' })).statusCode).toBe(200);
  });
});
