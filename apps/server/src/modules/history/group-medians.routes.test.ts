import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, memberships } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// GET /history/group-medians (issue 20): the median of the other speakers of the target's groups,
// where privacy levels allow (groupMedianVisible), and only with enough distinct speakers.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });

const IDEAL = { min: 0, max: 10, idealMin: 7, idealMax: 10 };
const results = (overall: number, pace = 4) => ({
  scores: { overall, pace, vibes: {} },
  ideals: { overall: IDEAL, pace: { min: 1, max: 8, idealMin: 3.5, idealMax: 5.2 } },
});
const MID_MONTH = new Date('2026-03-15T12:00:00Z');

/** An org whose Group A holds the speaker (two recordings in March 2026) and `peers` other speakers with one each. */
async function scene(peerOveralls: number[]) {
  const o = await makeOrg(t.db);
  await insertDoneRecording(t.db, o.speaker, o.group.id, { results: results(4), createdAt: new Date('2026-03-02T10:00:00Z') });
  await insertDoneRecording(t.db, o.speaker, o.group.id, { results: results(5), createdAt: new Date('2026-03-20T10:00:00Z') });
  const peers = [];
  for (const overall of peerOveralls) {
    const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    await insertDoneRecording(t.db, peer, o.group.id, { results: results(overall), createdAt: MID_MONTH });
    peers.push(peer);
  }
  const setLevels = (levels: { managerPrivacyLevel?: number; speakerPrivacyLevel?: number }, groupId = o.group.id) =>
    t.db.update(groups).set(levels).where(eq(groups.id, groupId));
  return { ...o, peers, setLevels };
}

type TMedians = {
  groups: { groupId: string; name: string }[];
  from: string | null;
  to: string | null;
  dials: Record<string, { median: number; speakerCount: number }>;
};
const medians = async (url: string, auth: string): Promise<TMedians> => {
  const res = await api(url, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /history/group-medians', () => {
  it("gives the speaker the median of their group's other speakers over the history's months, nothing individual", async () => {
    const s = await scene([6, 8, 9, 2]);
    // Outside the window (April), deleted, unfinished: left out.
    await insertDoneRecording(t.db, s.peers[0]!, s.group.id, { results: results(0), createdAt: new Date('2026-04-02T10:00:00Z') });
    await insertDoneRecording(t.db, s.peers[0]!, s.group.id, { results: results(0), createdAt: MID_MONTH, deletedAt: new Date() });
    await insertDoneRecording(t.db, s.peers[1]!, s.group.id, { status: 'processing', createdAt: MID_MONTH });
    // A second recording of one peer: that peer's own median (8 and 10 -> 9) counts once.
    await insertDoneRecording(t.db, s.peers[1]!, s.group.id, { results: results(10), createdAt: MID_MONTH });
    const d = await medians('/history/group-medians', await signInAs(t, s.speaker.email));
    expect(d.groups).toEqual([{ groupId: s.group.id, name: 'Group A' }]);
    expect(d.from).toBe('2026-03-01T00:00:00.000Z');
    expect(d.to).toBe('2026-04-01T00:00:00.000Z');
    // Speakers' medians 6, 9, 9, 2 -> 7.5; the speaker's own 4 and 5 are not in it.
    expect(d.dials.overall).toEqual({ median: 7.5, speakerCount: 4 });
    expect(d.dials.pace).toEqual({ median: 4, speakerCount: 4 });
    expect(Object.keys(d.dials).sort()).toEqual(['overall', 'pace']);
  });

  it('needs three other speakers with a value: two would reveal them', async () => {
    const s = await scene([6, 8]);
    const d = await medians('/history/group-medians', await signInAs(t, s.speaker.email));
    expect(d.groups).toHaveLength(1);
    expect(d.dials).toEqual({});
    // A third speaker of another group does not count toward this one.
    const other = await t.db
      .insert(groups)
      .values({ orgId: s.org.id, name: 'Group B', inviteCode: `b-${s.org.id}` })
      .returning();
    const outsider = await addMember(t.db, s.org.id, other[0]!.id, ['speaker']);
    await insertDoneRecording(t.db, outsider, other[0]!.id, { results: results(9), createdAt: MID_MONTH });
    expect((await medians('/history/group-medians', await signInAs(t, s.speaker.email))).dials).toEqual({});
  });

  it('follows the speaker privacy level for the speaker themself: none at 0 and 4', async () => {
    const s = await scene([6, 8, 9]);
    const auth = await signInAs(t, s.speaker.email);
    for (const [level, shown] of [
      [0, false],
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ] as const) {
      await s.setLevels({ speakerPrivacyLevel: level, managerPrivacyLevel: level === 0 ? 0 : 1 });
      const d = await medians('/history/group-medians', auth);
      expect({ level, groups: d.groups.length, overall: d.dials.overall?.median }).toEqual({
        level,
        groups: shown ? 1 : 0,
        overall: shown ? 8 : undefined,
      });
    }
  });

  it("gives a coach the median of the member's groups they coach, not of another group", async () => {
    const s = await scene([6, 8, 9]);
    const coach = await signInAs(t, s.coach.email);
    expect((await medians(`/history/group-medians?userId=${s.speaker.id}`, coach)).dials.overall?.median).toBe(8);
    // Coach level 0: no scores for coaches, so no median either.
    await s.setLevels({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 });
    expect((await medians(`/history/group-medians?userId=${s.speaker.id}`, coach)).groups).toEqual([]);
    await s.setLevels({ managerPrivacyLevel: 1, speakerPrivacyLevel: 4 });

    // The speaker is in Group B too, with three more speakers; its coach sees only Group B's median.
    const [b] = await t.db
      .insert(groups)
      .values({ orgId: s.org.id, name: 'Group B', inviteCode: `b-${s.org.id}` })
      .returning();
    await t.db.insert(memberships).values({ userId: s.speaker.id, groupId: b!.id, roles: ['speaker'], status: 'active' });
    // Group B's coach hears only the speaker's recording made in Group B: the window is its month.
    await insertDoneRecording(t.db, s.speaker, b!.id, { results: results(3), createdAt: MID_MONTH });
    for (const overall of [1, 2, 3]) {
      const peer = await addMember(t.db, s.org.id, b!.id, ['speaker']);
      await insertDoneRecording(t.db, peer, b!.id, { results: results(overall), createdAt: MID_MONTH });
    }
    const coachB = await addMember(t.db, s.org.id, b!.id, ['manager']);
    const d = await medians(`/history/group-medians?userId=${s.speaker.id}`, await signInAs(t, coachB.email));
    expect(d.groups.map((g) => g.name)).toEqual(['Group B']);
    expect(d.dials.overall).toEqual({ median: 2, speakerCount: 3 });
    // Group A's coach still sees Group A's alone; the org admin, coach of every group, both pooled.
    expect((await medians(`/history/group-medians?userId=${s.speaker.id}`, coach)).groups.map((g) => g.name)).toEqual(['Group A']);
    const pooled = await medians(`/history/group-medians?userId=${s.speaker.id}`, await signInAs(t, s.admin.email));
    expect(pooled.dials.overall).toEqual({ median: 4.5, speakerCount: 6 });
  });

  it('refuses a coach of another group, a peer and another organisation', async () => {
    const s = await scene([6, 8, 9]);
    const [b] = await t.db
      .insert(groups)
      .values({ orgId: s.org.id, name: 'Group B', inviteCode: `b-${s.org.id}` })
      .returning();
    const otherCoach = await addMember(t.db, s.org.id, b!.id, ['manager']);
    expect((await api(`/history/group-medians?userId=${s.speaker.id}`, await signInAs(t, otherCoach.email))).statusCode).toBe(403);
    expect((await api(`/history/group-medians?userId=${s.speaker.id}`, await signInAs(t, s.peers[0]!.email))).statusCode).toBe(403);
    const stranger = await makeOrg(t.db);
    expect((await api(`/history/group-medians?userId=${s.speaker.id}`, await signInAs(t, stranger.admin.email))).statusCode).toBe(404);
  });

  it('has no window and no medians without analysed recordings', async () => {
    const o = await makeOrg(t.db);
    const d = await medians('/history/group-medians', await signInAs(t, o.speaker.email));
    expect(d).toEqual({ groups: [{ groupId: o.group.id, name: 'Group A' }], from: null, to: null, dials: {} });
  });
});
