import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGroupRecordingSchema } from '@rostrum/contract';
import { groups } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// GET groups/{id}/recordings as the manage page uses it (spec 002 section 2.5, 000 section 6):
// what each coach privacy level lets a coach list and hear, the speaker filter, and who is refused.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });

type TRow = { recordingId: string; canHear: boolean; overallScore: number | null; userId: string };
const byId = (rows: TRow[]) => Object.fromEntries(rows.map((r) => [r.recordingId, r]));

/** A group with a private, a shared and a submitted recording of its speaker. */
async function groupWithRecordings() {
  const o = await makeOrg(t.db);
  const owner = { id: o.speaker.id, orgId: o.org.id };
  const priv = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Private', overallScore: 7.1 });
  const shared = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Shared', overallScore: 6.2, feedbackRequested: true });
  const submitted = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Submitted', overallScore: 5.3, submitted: true });
  const setLevel = (managerPrivacyLevel: number) =>
    t.db
      .update(groups)
      .set({ managerPrivacyLevel, speakerPrivacyLevel: managerPrivacyLevel === 0 ? 0 : 2 })
      .where(eq(groups.id, o.group.id));
  return { ...o, priv, shared, submitted, setLevel };
}

describe('GET groups/{id}/recordings: coach privacy levels', () => {
  it('0 lists every recording without link or score; 1 hears all; 2 hears only submitted or shared; 3 lists only those', async () => {
    const g = await groupWithRecordings();
    const coach = await signInAs(t, g.coach.email);
    const list = async () => {
      const res = await get(`/groups/${g.group.id}/recordings`, coach);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as TRow[];
      for (const r of rows) ZGroupRecordingSchema.parse(r);
      return byId(rows);
    };

    await g.setLevel(0);
    let rows = await list();
    expect(Object.keys(rows)).toHaveLength(3);
    for (const r of Object.values(rows)) expect(r).toMatchObject({ canHear: false, overallScore: null });

    await g.setLevel(1);
    rows = await list();
    expect(rows[g.priv.id]).toMatchObject({ canHear: true, overallScore: 7.1 });
    expect(rows[g.shared.id]).toMatchObject({ canHear: true, overallScore: 6.2 });
    expect(rows[g.submitted.id]).toMatchObject({ canHear: true, overallScore: 5.3 });

    await g.setLevel(2);
    rows = await list();
    expect(rows[g.priv.id]).toMatchObject({ canHear: false, overallScore: null });
    expect(rows[g.shared.id]).toMatchObject({ canHear: true, overallScore: 6.2 });
    expect(rows[g.submitted.id]).toMatchObject({ canHear: true });

    await g.setLevel(3);
    rows = await list();
    expect(Object.keys(rows).sort()).toEqual([g.shared.id, g.submitted.id].sort());
    expect(Object.values(rows).every((r) => r.canHear)).toBe(true);
  });

  it('each listed row agrees with GET recordings/{id}, for the coach and for an org admin', async () => {
    const g = await groupWithRecordings();
    for (const email of [g.coach.email, g.admin.email]) {
      const auth = await signInAs(t, email);
      for (const level of [0, 1, 2, 3]) {
        await g.setLevel(level);
        const rows = byId((await get(`/groups/${g.group.id}/recordings`, auth)).json().data);
        for (const rec of [g.priv, g.shared, g.submitted]) {
          const single = await get(`/recordings/${rec.id}`, auth);
          if (!rows[rec.id]) expect(single.statusCode, `level ${level}`).toBe(404);
          else expect(single.json().data.access.canHear, `level ${level}`).toBe(rows[rec.id]!.canHear);
        }
      }
    }
  });

  it('GET recordings?groupId= gives the same rows with canHear', async () => {
    const g = await groupWithRecordings();
    await g.setLevel(2);
    const coach = await signInAs(t, g.coach.email);
    const rows = byId((await get(`/recordings?groupId=${g.group.id}`, coach)).json().data);
    expect(rows[g.priv.id]).toMatchObject({ canHear: false, overallScore: null });
    expect(rows[g.shared.id]).toMatchObject({ canHear: true });
  });
});

describe('GET groups/{id}/recordings?userId=', () => {
  it('narrows the list to one member; unknown or foreign ids give an empty list, a malformed one 400', async () => {
    const g = await groupWithRecordings();
    const other = await addMember(t.db, g.org.id, g.group.id, ['speaker']);
    const theirs = await insertDoneRecording(t.db, { id: other.id, orgId: g.org.id }, g.group.id, { title: 'Theirs' });
    const coach = await signInAs(t, g.coach.email);
    const all = (await get(`/groups/${g.group.id}/recordings`, coach)).json().data as TRow[];
    expect(all.map((r) => r.recordingId)).toContain(theirs.id);
    const mine = (await get(`/groups/${g.group.id}/recordings?userId=${g.speaker.id}`, coach)).json().data as TRow[];
    expect(mine.map((r) => r.recordingId).sort()).toEqual([g.priv.id, g.shared.id, g.submitted.id].sort());
    expect(mine.every((r) => r.userId === g.speaker.id)).toBe(true);
    expect((await get(`/groups/${g.group.id}/recordings?userId=${other.id}`, coach)).json().data.map((r: TRow) => r.recordingId)).toEqual([
      theirs.id,
    ]);

    const foreign = await makeOrg(t.db);
    expect((await get(`/groups/${g.group.id}/recordings?userId=${foreign.speaker.id}`, coach)).json().data).toEqual([]);
    const bad = await get(`/groups/${g.group.id}/recordings?userId=not-a-uuid`, coach);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].status).toBe(400);
  });

  it('a speaker gets their own recordings and only what peers shared, also when filtering by a peer', async () => {
    const g = await groupWithRecordings();
    const peer = await addMember(t.db, g.org.id, g.group.id, ['speaker']);
    const peerAuth = await signInAs(t, peer.email);
    const peerOwn = await insertDoneRecording(t.db, { id: peer.id, orgId: g.org.id }, g.group.id, { title: 'Peer private' });
    await g.setLevel(1); // speaker level 2: peers hear shared recordings
    const rows = (await get(`/groups/${g.group.id}/recordings`, peerAuth)).json().data as TRow[];
    expect(rows.map((r) => r.recordingId).sort()).toEqual([g.shared.id, peerOwn.id].sort());
    expect(rows.every((r) => r.canHear)).toBe(true);
    const filtered = (await get(`/groups/${g.group.id}/recordings?userId=${g.speaker.id}`, peerAuth)).json().data as TRow[];
    expect(filtered.map((r) => r.recordingId)).toEqual([g.shared.id]);
    // Speaker level 4: peers see nothing of each other.
    await t.db.update(groups).set({ speakerPrivacyLevel: 4 }).where(eq(groups.id, g.group.id));
    expect((await get(`/groups/${g.group.id}/recordings?userId=${g.speaker.id}`, peerAuth)).json().data).toEqual([]);
  });

  it("refuses another organisation's admin and another group's coach (404); a bad group id is 400", async () => {
    const g = await groupWithRecordings();
    const foreign = await makeOrg(t.db);
    const [groupB] = await t.db
      .insert(groups)
      .values({ orgId: g.org.id, name: 'Group B', inviteCode: `b-${g.org.code}` })
      .returning();
    const coachB = await addMember(t.db, g.org.id, groupB!.id, ['manager']);
    for (const email of [foreign.admin.email, foreign.coach.email, coachB.email]) {
      const res = await get(`/groups/${g.group.id}/recordings?userId=${g.speaker.id}`, await signInAs(t, email));
      expect(res.statusCode, email).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
    }
    const coach = await signInAs(t, g.coach.email);
    expect((await get('/groups/not-a-group/recordings', coach)).statusCode).toBe(400);
    expect((await get(`/groups/${foreign.group.id}/recordings`, coach)).statusCode).toBe(404);
  });
});

describe('GET groups/{id}/members: recording count, total duration and last upload', () => {
  it('counts every recording up to coach level 2 and only submitted or shared ones from level 3; deleted ones never', async () => {
    const g = await groupWithRecordings();
    const owner = { id: g.speaker.id, orgId: g.org.id };
    await insertDoneRecording(t.db, owner, g.group.id, { title: 'Gone', deletedAt: new Date() });
    const newest = await insertDoneRecording(t.db, owner, g.group.id, {
      title: 'Newest',
      duration: 60,
      createdAt: new Date(Date.now() + 60_000),
    });
    const coach = await signInAs(t, g.coach.email);
    const speakerRow = async () =>
      ((await get(`/groups/${g.group.id}/members`, coach)).json().data as { userId: string }[]).find((m) => m.userId === g.speaker.id);

    await g.setLevel(2);
    expect(await speakerRow()).toMatchObject({
      recordings: 4,
      shared: 1,
      submitted: 1,
      totalDuration: 150,
      lastRecordingDate: newest.createdAt.toISOString(),
    });
    await g.setLevel(3);
    expect(await speakerRow()).toMatchObject({ recordings: 2, shared: 1, submitted: 1, totalDuration: 60 });
    // The admin's view follows the same rule (org admins see recordings as the group's coaches do).
    const admin = ((await get(`/groups/${g.group.id}/members`, await signInAs(t, g.admin.email))).json().data as { userId: string }[]).find(
      (m) => m.userId === g.speaker.id,
    );
    expect(admin).toMatchObject({ recordings: 2 });
  });
});
