import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@rostrum/contract';
import { groups, recordings, users } from '../../db/schema.js';
import { addMember, apiCaller, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

/** A group with an owner, its coach, a peer, and one recording with a coach comment and a peer comment. */
async function scene(
  levels: { managerPrivacyLevel: number; speakerPrivacyLevel: number },
  rec: { feedbackRequested?: boolean; submitted?: boolean } = { feedbackRequested: true },
) {
  const o = await makeOrg(t.db, { settings: { Email_Notifications_For_Speakers: true } });
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const recording = await insertDoneRecording(t.db, o.speaker, o.group.id, rec);
  const auth = {
    owner: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    peer: await signInAs(t, peer.email),
    admin: await signInAs(t, o.admin.email),
  };
  // Write both comments while everyone can, then set the levels under test.
  expect(
    (await api('POST', '/feedback', auth.coach, { recordingId: recording.id, comment: 'Coach: slow down in the middle.' })).statusCode,
  ).toBe(200);
  expect((await api('POST', '/feedback', auth.peer, { recordingId: recording.id, comment: 'Peer: great opening!' })).statusCode).toBe(200);
  await t.db.update(groups).set(levels).where(eq(groups.id, o.group.id));
  const seen = async (who: keyof typeof auth) => {
    const res = await api('GET', `/feedback?recordingId=${recording.id}`, auth[who]);
    if (res.statusCode !== 200) return res.statusCode;
    return (res.json().data.items as { comment: string }[])
      .map((f) => f.comment.split(':')[0])
      .sort()
      .join(',');
  };
  return { ...o, peer, recording, auth, seen };
}

describe('feedback visibility by privacy level (000 section 6)', () => {
  it('speaker level 1: everyone who may hear the shared recording sees all feedback', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    expect(await s.seen('owner')).toBe('Coach,Peer');
    expect(await s.seen('coach')).toBe('Coach,Peer');
    expect(await s.seen('peer')).toBe('Coach,Peer');
    expect(await s.seen('admin')).toBe('Coach,Peer');
  });

  it("speaker level 2: peers do not see coach feedback on others' recordings; the owner does", async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 });
    expect(await s.seen('owner')).toBe('Coach,Peer');
    expect(await s.seen('peer')).toBe('Peer');
    expect(await s.seen('coach')).toBe('Coach,Peer');
  });

  it("speaker level 3: peers see only their own feedback on others' recordings", async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 3 });
    expect(await s.seen('owner')).toBe('Coach,Peer');
    expect(await s.seen('peer')).toBe('Peer');
    const other = (await api('GET', `/feedback?recordingId=${s.recording.id}`, s.auth.peer)).json().data;
    expect(other.items.every((f: { isMine: boolean }) => f.isMine)).toBe(true);
  });

  it('speaker level 4: peers cannot reach the recording; the owner sees only coach feedback', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 4 });
    expect(await s.seen('owner')).toBe('Coach');
    expect(await s.seen('peer')).toBe(404);
  });

  it('the All raters column shows below speaker level 4 and hides at level 4 (001 section 6)', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 3 });
    const allRaters = async (who: 'owner' | 'coach') =>
      (await api('GET', `/feedback?recordingId=${s.recording.id}`, s.auth[who])).json().data.allRatersVisible;
    expect(await allRaters('owner')).toBe(true);
    expect(await allRaters('coach')).toBe(true);
    await t.db.update(groups).set({ speakerPrivacyLevel: 4 }).where(eq(groups.id, s.group.id));
    expect(await allRaters('owner')).toBe(false);
    expect(await allRaters('coach')).toBe(false);
  });

  it('speaker level 0: feedback is off for everyone', async () => {
    const s = await scene({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 });
    expect(await s.seen('owner')).toBe('');
    expect(await s.seen('coach')).toBe('');
    const res = await api('POST', '/feedback', s.auth.owner, { recordingId: s.recording.id, comment: 'note to self' });
    expect(res.statusCode).toBe(403);
  });

  it('coach levels 2 and 3: no feedback or scores on a recording that is neither shared nor submitted', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 }, { feedbackRequested: true, submitted: true });
    // Submitted for review but no longer shared with the group: the coach still hears it at level 2.
    await t.db.update(recordings).set({ feedbackRequested: false }).where(eq(recordings.id, s.recording.id));
    await t.db.update(groups).set({ managerPrivacyLevel: 2 }).where(eq(groups.id, s.group.id));
    expect(await s.seen('coach')).toBe('Coach,Peer');
    const hidden = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Private' });
    const res = await api('GET', `/feedback?recordingId=${hidden.id}`, s.auth.coach);
    expect(res.json().data).toMatchObject({ items: [], canComment: false, canScore: false });
    expect((await api('POST', '/feedback', s.auth.coach, { recordingId: hidden.id, comment: 'x' })).statusCode).toBe(403);
    await t.db.update(groups).set({ managerPrivacyLevel: 3 }).where(eq(groups.id, s.group.id));
    expect((await api('GET', `/feedback?recordingId=${hidden.id}`, s.auth.coach)).statusCode).toBe(404);
  });

  it('another organisation sees and writes nothing', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    const other = await makeOrg(t.db);
    for (const u of [other.admin, other.coach, other.speaker]) {
      const auth = await signInAs(t, u.email);
      expect((await api('GET', `/feedback?recordingId=${s.recording.id}`, auth)).statusCode).toBe(404);
      expect((await api('POST', '/feedback', auth, { recordingId: s.recording.id, comment: 'hi' })).statusCode).toBe(404);
      expect((await api('GET', `/groups/${s.group.id}/feedback`, auth)).statusCode).toBe(404);
    }
  });
});

describe('comments and scores', () => {
  it('regions: at least 0.5 s, both ends, inside the recording', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    const post = (body: object) => api('POST', '/feedback', s.auth.coach, { recordingId: s.recording.id, comment: 'Here', ...body });
    expect((await post({ regionStart: 3.25, regionEnd: 5.5 })).json().data).toMatchObject({
      regionStart: 3.25,
      regionEnd: 5.5,
      isManager: true,
      kind: 'comment',
    });
    expect((await post({ regionStart: 3, regionEnd: 3.4 })).statusCode).toBe(400);
    expect((await post({ regionStart: 3 })).statusCode).toBe(400);
    expect((await post({ regionStart: 20, regionEnd: 45 })).statusCode).toBe(400);
    expect((await post({ comment: '   ' })).statusCode).toBe(400);
  });

  it('only the author edits or deletes; scores are not edited', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    const list = (await api('GET', `/feedback?recordingId=${s.recording.id}`, s.auth.owner)).json().data.items;
    const coachComment = list.find((f: { isManager: boolean }) => f.isManager);
    expect((await api('PUT', `/feedback/${coachComment.feedbackId}`, s.auth.peer, { comment: 'hijack' })).statusCode).toBe(403);
    expect((await api('DELETE', `/feedback/${coachComment.feedbackId}`, s.auth.owner)).statusCode).toBe(403);
    const edited = await api('PUT', `/feedback/${coachComment.feedbackId}`, s.auth.coach, { comment: 'Coach: better now' });
    expect(edited.json().data.comment).toBe('Coach: better now');
    expect((await api('DELETE', `/feedback/${coachComment.feedbackId}`, s.auth.coach)).statusCode).toBe(200);
    expect(await s.seen('owner')).toBe('Peer');
  });

  it('scores: anyone but the owner, once; averages to 2 decimals; coach averages apart; delete then rescore', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    const rid = s.recording.id;
    expect((await api('POST', '/feedback', s.auth.owner, { recordingId: rid, scoreOverall: 10 })).statusCode).toBe(403);
    const coachScore = await api('POST', '/feedback', s.auth.coach, { recordingId: rid, scoreOverall: 8, scoreDelivery: 7 });
    expect(coachScore.statusCode).toBe(200);
    const again = await api('POST', '/feedback', s.auth.coach, { recordingId: rid, scoreOverall: 9 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe(ERROR_CODES.feedbackAlreadyScored);
    expect((await api('POST', '/feedback', s.auth.peer, { recordingId: rid, scoreOverall: 5, scoreOrganization: 11 })).statusCode).toBe(
      400,
    );
    expect((await api('POST', '/feedback', s.auth.peer, { recordingId: rid, scoreOverall: 5 })).statusCode).toBe(200);
    expect((await api('POST', '/feedback', s.auth.admin, { recordingId: rid, scoreOverall: 6 })).statusCode).toBe(200);
    const data = (await api('GET', `/feedback?recordingId=${rid}`, s.auth.owner)).json().data;
    expect(data.averages.scoreOverall).toEqual({ average: 6.33, count: 3, coachAverage: 7, coachCount: 2 });
    expect(data.averages.scoreDelivery).toEqual({ average: 7, count: 1, coachAverage: 7, coachCount: 1 });
    expect(data).toMatchObject({ reviewed: true, commentCount: 2, canComment: true, canScore: false });
    expect((await api('GET', `/feedback?recordingId=${rid}`, s.auth.peer)).json().data.canScore).toBe(false);
    expect((await api('PUT', `/feedback/${coachScore.json().data.feedbackId}`, s.auth.coach, { comment: 'x' })).statusCode).toBe(403);
    expect((await api('DELETE', `/feedback/${coachScore.json().data.feedbackId}`, s.auth.coach)).statusCode).toBe(200);
    expect((await api('POST', '/feedback', s.auth.coach, { recordingId: rid, scoreOverall: 9 })).statusCode).toBe(200);
  });

  it('mails the owner about new feedback, with an unsubscribe link that turns every email off', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    await t.deliverMail();
    const mail = t.mailer.last(s.speaker.email)!;
    expect(mail.subject).toMatch(/New comment on "Talk"/);
    const code = /\/unsubscribe\/(\S+)/.exec(mail.text)![1]!;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<http://rostrum.test/unsubscribe/${code}>` });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/unsubscribe', payload: { unsubscribeCode: code } });
    expect(res.statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, s.speaker.id));
    expect(Object.values(u!.emailPreferences).every((v) => v === '0')).toBe(true);
    const count = t.mailer.sent.length;
    await api('POST', '/feedback', s.auth.coach, { recordingId: s.recording.id, comment: 'Another one' });
    await t.deliverMail();
    expect(t.mailer.sent.length).toBe(count);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/unsubscribe', payload: { unsubscribeCode: 'not-a-real-code-at-all' } });
    expect(bad.statusCode).toBe(404);
  });

  it('a feedback email the mail transport refuses is logged and retried; the feedback is saved', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 1 });
    await t.deliverMail();
    const sentBefore = t.mailer.sent.length;
    const loggedBefore = t.logged.length;
    t.mailer.down = true;
    try {
      const res = await api('POST', '/feedback', s.auth.coach, {
        recordingId: s.recording.id,
        comment: 'Sent while the mail server is down',
      });
      expect(res.statusCode).toBe(200);
      expect(await t.deliverMail()).toBe(1);
    } finally {
      t.mailer.down = false;
    }
    expect(t.mailer.sent.length).toBe(sentBefore);
    expect(t.logged.slice(loggedBefore)).toEqual([
      expect.objectContaining({
        level: 40,
        job: 'send-email',
        msg: 'job failed; it will be tried again',
        err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }),
      }),
    ]);
    const items = (await api('GET', `/feedback?recordingId=${s.recording.id}`, s.auth.owner)).json().data.items as { comment: string }[];
    expect(items.map((f) => f.comment)).toContain('Sent while the mail server is down');
    // The mail server is back: the next try delivers it.
    expect(await t.deliverMail({ retriesDue: true })).toBe(1);
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
    expect(t.mailer.last(s.speaker.email)!.text).toContain('coach Person left a comment');
  });

  it('GET groups/{id}/feedback lists what the caller may see', async () => {
    const s = await scene({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 });
    const forPeer = (await api('GET', `/groups/${s.group.id}/feedback`, s.auth.peer)).json().data;
    expect(forPeer.map((f: { comment: string }) => f.comment)).toEqual(['Peer: great opening!']);
    expect((await api('GET', `/groups/${s.group.id}/feedback`, s.auth.coach)).json().data).toHaveLength(2);
  });
});

describe('history', () => {
  it("plots the caller's analysed recordings; a coach sees a member's by privacy; others get 404", async () => {
    const o = await makeOrg(t.db);
    const results = (overall: number) => ({
      scores: {
        overall,
        strengthOfOpening: 6,
        clarity: 7,
        pace: 3.8,
        pauseToTalk: 20,
        varietyVolume: { inBand: 60, belowBand: 20, aboveBand: 20, value: 4 },
        varietyPace: { inBand: 50, belowBand: 25, aboveBand: 25, value: 1.5 },
        varietyPitch: { inBand: 40, belowBand: 30, aboveBand: 30, value: 3 },
        vibes: { boring: 4, confident: 7 },
      },
      ideals: { overall: { min: 0, max: 10, idealMin: 7, idealMax: 10 }, varietyVolume: { min: 0, max: 16, idealMin: 5, idealMax: 10 } },
    });
    await insertDoneRecording(t.db, o.speaker, o.group.id, { title: 'First', results: results(5), createdAt: new Date('2026-01-01') });
    await insertDoneRecording(t.db, o.speaker, o.group.id, { title: 'Second', results: results(6.5), createdAt: new Date('2026-02-01') });
    await insertDoneRecording(t.db, o.speaker, o.group.id, { title: 'Still processing', status: 'processing' });
    const mine = (await api('GET', '/history', await signInAs(t, o.speaker.email))).json().data;
    expect(mine.map((p: { title: string }) => p.title)).toEqual(['First', 'Second']);
    expect(mine[1].values).toMatchObject({ overall: 6.5, varietyVolume: 60, varietyPace: 1.5, boring: 4 });
    expect(mine[0].ideals.overall).toEqual({ min: 0, max: 10, idealMin: 7, idealMax: 10 });
    // Plotted as an in-band %, so its dB ideal is not sent.
    expect(mine[0].ideals.varietyVolume).toBeUndefined();
    const coach = await signInAs(t, o.coach.email);
    expect((await api('GET', `/history?userId=${o.speaker.id}`, coach)).json().data).toHaveLength(2);
    await t.db.update(groups).set({ managerPrivacyLevel: 3 }).where(eq(groups.id, o.group.id));
    expect((await api('GET', `/history?userId=${o.speaker.id}`, coach)).json().data).toHaveLength(0);
    const stranger = await makeOrg(t.db);
    expect((await api('GET', `/history?userId=${o.speaker.id}`, await signInAs(t, stranger.admin.email))).statusCode).toBe(404);
  });
});
