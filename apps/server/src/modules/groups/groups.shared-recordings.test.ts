import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGroupSharedRecordingsSchema, type TGroupSharedRecordings } from '@rostrum/contract';
import { groups } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// GET groups/{id}/shared-recordings (002 section 2.8, 000 section 6): what a speaker's peers shared
// with the group, at each speaker privacy level; who is refused; and that it agrees with what
// GET recordings/{id} and POST feedback allow the same peer.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, ...(payload && { payload }) });

/** A group with the owner's private, shared and submitted recordings, a peer with their own, and a quiet speaker. */
async function setup() {
  const o = await makeOrg(t.db);
  const owner = { id: o.speaker.id, orgId: o.org.id };
  const priv = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Private' });
  const shared = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Shared', overallScore: 6.4, feedbackRequested: true });
  const submitted = await insertDoneRecording(t.db, owner, o.group.id, { title: 'Submitted', submitted: true });
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const quiet = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const peerOwn = { id: peer.id, orgId: o.org.id };
  const peerPrivate = await insertDoneRecording(t.db, peerOwn, o.group.id, { title: 'Peer private' });
  const peerShared = await insertDoneRecording(t.db, peerOwn, o.group.id, { title: 'Peer shared', feedbackRequested: true });
  const auth = await signInAs(t, peer.email);
  const setLevel = (speakerPrivacyLevel: number) =>
    t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel }).where(eq(groups.id, o.group.id));
  const list = async (authorization = auth): Promise<TGroupSharedRecordings> => {
    const res = await api('GET', `/groups/${o.group.id}/shared-recordings`, authorization);
    expect(res.statusCode).toBe(200);
    return ZGroupSharedRecordingsSchema.parse(res.json().data);
  };
  return { ...o, priv, shared, submitted, peer, quiet, peerPrivate, peerShared, auth, setLevel, list };
}

describe('GET groups/{id}/shared-recordings: speaker privacy levels', () => {
  it('levels 1 and 2 list every other speaker with only what they shared; the caller is not among them', async () => {
    const s = await setup();
    for (const level of [1, 2]) {
      await s.setLevel(level);
      const body = await s.list();
      expect(body.peerSharing, `level ${level}`).toBe(true);
      expect(body.speakers.map((p) => p.userId).sort()).toEqual([s.speaker.id, s.quiet.id].sort());
      const owner = body.speakers.find((p) => p.userId === s.speaker.id)!;
      expect(owner.name).toBe('speaker Person');
      // Not the private one, not the one only submitted to the coach.
      expect(owner.recordings.map((r) => r.recordingId)).toEqual([s.shared.id]);
      expect(owner.recordings[0]).toMatchObject({ canHear: true, overallScore: 6.4, abilities: { canComment: true, canShare: false } });
      expect(body.speakers.find((p) => p.userId === s.quiet.id)!.recordings).toEqual([]);
    }
  });

  it('level 3 lists only the speakers who shared', async () => {
    const s = await setup();
    await s.setLevel(3);
    const body = await s.list();
    expect(body.peerSharing).toBe(true);
    expect(body.speakers.map((p) => p.userId)).toEqual([s.speaker.id]);
    expect(body.speakers[0]!.recordings.map((r) => r.recordingId)).toEqual([s.shared.id]);
  });

  it('levels 0 and 4: peer sharing is off and nobody is listed', async () => {
    const s = await setup();
    for (const level of [0, 4]) {
      await s.setLevel(level);
      expect(await s.list(), `level ${level}`).toEqual({ peerSharing: false, speakers: [] });
    }
  });

  it("the owner sees their peer's shared recording, never their own in this list", async () => {
    const s = await setup();
    await s.setLevel(1);
    const body = await s.list(await signInAs(t, s.speaker.email));
    const ids = body.speakers.flatMap((p) => p.recordings.map((r) => r.recordingId));
    expect(ids).toEqual([s.peerShared.id]);
    expect(ids).not.toContain(s.peerPrivate.id);
  });

  it('agrees with GET recordings/{id} and POST feedback for the same peer at each level', async () => {
    const s = await setup();
    for (const level of [0, 1, 2, 3, 4]) {
      await s.setLevel(level);
      const listed = new Set((await s.list()).speakers.flatMap((p) => p.recordings.map((r) => r.recordingId)));
      for (const rec of [s.priv, s.shared, s.submitted]) {
        const single = await api('GET', `/recordings/${rec.id}`, s.auth);
        expect(single.statusCode, `level ${level} ${rec.title}`).toBe(listed.has(rec.id) ? 200 : 404);
      }
      const comment = await api('POST', '/feedback', s.auth, { recordingId: s.shared.id, comment: `Level ${level}: nice pace.` });
      expect(comment.statusCode === 200, `comment at level ${level}`).toBe(listed.has(s.shared.id));
    }
  });
});

describe('GET groups/{id}/shared-recordings: who may list', () => {
  it("refuses another group's speaker and another organisation (404), and the group's coach and an org admin (403)", async () => {
    const s = await setup();
    await s.setLevel(1);
    const [groupB] = await t.db
      .insert(groups)
      .values({ orgId: s.org.id, name: 'Group B', inviteCode: `b-${s.org.code}`, speakerPrivacyLevel: 1 })
      .returning();
    const speakerB = await addMember(t.db, s.org.id, groupB!.id, ['speaker']);
    const foreign = await makeOrg(t.db);
    for (const email of [speakerB.email, foreign.speaker.email, foreign.admin.email]) {
      const res = await api('GET', `/groups/${s.group.id}/shared-recordings`, await signInAs(t, email));
      expect(res.statusCode, email).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
    }
    for (const email of [s.coach.email, s.admin.email]) {
      expect((await api('GET', `/groups/${s.group.id}/shared-recordings`, await signInAs(t, email))).statusCode, email).toBe(403);
    }
    expect((await api('GET', '/groups/not-a-group/shared-recordings', s.auth)).statusCode).toBe(400);
  });
});
