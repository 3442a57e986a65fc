import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES, NOTICES_LISTED, noticeText, type TNotices, type TOrgSettings } from '@rostrum/contract';
import { groups, recordings, users } from '../../db/schema.js';
import { addGroup, addMember, apiCaller, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// The notification centre (issue 20, part 3): the bell lists the events the emails are about, to
// the same audience, whether or not the user takes that email; each user reads and marks only
// their own notices.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);
const bell = async (auth: string): Promise<TNotices> => {
  const res = await api('GET', '/notices', auth);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const texts = (n: TNotices) => n.items.map(noticeText);

const BOTH_ON: TOrgSettings = { Email_Notifications_For_Speakers: true, Email_Notifications_For_Managers: true };

async function scene(settings: TOrgSettings = BOTH_ON) {
  const o = await makeOrg(t.db, { settings });
  await t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 }).where(eq(groups.id, o.group.id));
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  // Took every email off: the bell tells them all the same.
  const quietPeer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(users)
    .set({ emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, recordingSharedFrequency: '0', feedbackReceivedFrequency: '0' } })
    .where(eq(users.id, quietPeer.id));
  const other = await addGroup(t.db, o.org.id);
  const outsider = await addMember(t.db, o.org.id, other.id, ['speaker']);
  const foreign = await makeOrg(t.db, { settings });
  const sign = (email: string) => signInAs(t, email);
  return {
    ...o,
    peer,
    quietPeer,
    outsider,
    auth: {
      owner: await sign(o.speaker.email),
      coach: await sign(o.coach.email),
      peer: await sign(peer.email),
      quietPeer: await sign(quietPeer.email),
      outsider: await sign(outsider.email),
      foreign: await sign(foreign.speaker.email),
    },
  };
}

describe('the notification centre', () => {
  it('tells a share to the peers who may hear it (emails on or off), a review request to the coach, nobody else', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Pitch' });
    expect((await api('PUT', `/recordings/${rec.id}`, s.auth.owner, { feedbackRequested: true })).statusCode).toBe(200);
    const shared = `speaker Person shared “Pitch” with ${s.group.name}`;
    for (const who of ['peer', 'quietPeer'] as const) {
      const n = await bell(s.auth[who]);
      expect(texts(n), who).toEqual([shared]);
      expect(n.unread).toBe(1);
      expect(n.items[0]).toMatchObject({ kind: 'shared', recordingId: rec.id, read: false });
    }
    for (const who of ['owner', 'outsider', 'foreign', 'coach'] as const) expect((await bell(s.auth[who])).items, who).toEqual([]);

    expect((await api('PUT', `/recordings/${rec.id}`, s.auth.owner, { submitted: true })).statusCode).toBe(200);
    expect(texts(await bell(s.auth.coach))).toEqual(['speaker Person flagged “Pitch” for your review']);
    expect(texts(await bell(s.auth.peer))).toEqual([shared]);
  });

  it('tells the owner of comments and scores from others, never of their own', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Talk', feedbackRequested: true });
    expect((await api('POST', '/feedback', s.auth.owner, { recordingId: rec.id, comment: 'Note to self' })).statusCode).toBe(200);
    expect((await bell(s.auth.owner)).items).toEqual([]);
    expect(
      (await api('POST', '/feedback', s.auth.coach, { recordingId: rec.id, comment: 'Nice pace', regionStart: 1, regionEnd: 3 }))
        .statusCode,
    ).toBe(200);
    expect((await api('POST', '/feedback', s.auth.quietPeer, { recordingId: rec.id, scoreOverall: 8 })).statusCode).toBe(200);
    const n = await bell(s.auth.owner);
    expect(texts(n)).toEqual([`${s.quietPeer.name} scored “Talk”`, 'coach Person commented on “Talk”']);
    expect(n.unread).toBe(2);
  });

  it('marks read only the caller’s own notices; bad input is a 400; signed out is a 401', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Mine' });
    await api('PUT', `/recordings/${rec.id}`, s.auth.owner, { feedbackRequested: true });
    const peerNotice = (await bell(s.auth.peer)).items[0]!;
    // Another user (same group, another org) sends the peer's id: nothing changes for the peer.
    for (const who of ['quietPeer', 'foreign'] as const) {
      const res = await api('POST', '/notices/read', s.auth[who], { noticeIds: [peerNotice.noticeId] });
      expect(res.statusCode).toBe(200);
    }
    expect((await bell(s.auth.peer)).unread).toBe(1);
    const read = await api('POST', '/notices/read', s.auth.peer, { noticeIds: [peerNotice.noticeId] });
    expect(read.json().data).toMatchObject({ unread: 0, items: [{ noticeId: peerNotice.noticeId, read: true }] });
    expect((await bell(s.auth.quietPeer)).unread).toBe(1);

    for (const body of [
      {},
      { noticeIds: [] },
      { noticeIds: ['not-an-id'] },
      { noticeIds: Array(NOTICES_LISTED + 1).fill(peerNotice.noticeId) },
    ]) {
      const res = await api('POST', '/notices/read', s.auth.peer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toHaveProperty('message');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notices' })).statusCode).toBe(401);
  });

  it('drops the notices of a deleted recording', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Gone soon' });
    await api('PUT', `/recordings/${rec.id}`, s.auth.owner, { feedbackRequested: true });
    expect((await bell(s.auth.peer)).unread).toBe(1);
    await t.db.update(recordings).set({ deletedAt: new Date() }).where(eq(recordings.id, rec.id));
    expect(await bell(s.auth.peer)).toEqual({ items: [], unread: 0 });
  });
});
