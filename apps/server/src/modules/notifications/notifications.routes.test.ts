import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES, type TEmailPreferences, type TOrgSettings } from '@rostrum/contract';
import { groups, memberships, organisations, users } from '../../db/schema.js';
import { SEND_EMAIL } from '../../mail/mail.jobs.js';
import { ANALYZE_RECORDING } from '../recordings/index.js';
import type { TMail } from '../../mail/mailer.js';
import {
  addGroup,
  addMember,
  apiCaller,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  signInAs,
  startTestApp,
  type TTestApp,
} from '../../test/harness.js';
import { speechWav } from '../../test/media-fixtures.js';

// The notification emails of 000 section 2.10 that follow a recording: analysed (to its owner),
// shared with the group (to peers), submitted for review and assignment completed (to coaches).
// Each goes to exactly the members who may open the recording and left that email on, carries
// the unsubscribe link, and leaves through the send-email job.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

const BOTH_ON: TOrgSettings = { Email_Notifications_For_Speakers: true, Email_Notifications_For_Managers: true };

/** The mail sent to each address since `from`, by subject. */
function mailSince(from: number): Map<string, TMail[]> {
  const by = new Map<string, TMail[]>();
  for (const m of t.mailer.sent.slice(from)) by.set(m.to, [...(by.get(m.to) ?? []), m]);
  return by;
}

async function setPrefs(userId: string, over: Partial<TEmailPreferences>) {
  await t.db
    .update(users)
    .set({ emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...over } })
    .where(eq(users.id, userId));
}

/** Mail in the queue is sent first, so each test reads only what its own change caused. */
async function settled(): Promise<number> {
  await t.deliverMail();
  return t.mailer.sent.length;
}

/**
 * A group with its owner (the org's speaker), two peers (one who turned shared emails off), its
 * coach and a second coach (who turned review emails off), an expired peer, an org admin who is
 * not a member, and a speaker of another group of the same org.
 */
async function scene(settings: TOrgSettings = BOTH_ON, levels = { managerPrivacyLevel: 1, speakerPrivacyLevel: 1 }) {
  const o = await makeOrg(t.db, { settings });
  await t.db.update(groups).set(levels).where(eq(groups.id, o.group.id));
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const quietPeer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await setPrefs(quietPeer.id, { recordingSharedFrequency: '0' });
  const quietCoach = await addMember(t.db, o.org.id, o.group.id, ['manager']);
  await setPrefs(quietCoach.id, { recordingSubmittedFrequency: '0', assignmentCompletedFrequency: '0' });
  const expiredPeer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(memberships)
    .set({ expiresAt: new Date(Date.now() - 86_400_000) })
    .where(eq(memberships.userId, expiredPeer.id));
  const other = await addGroup(t.db, o.org.id);
  const outsider = await addMember(t.db, o.org.id, other.id, ['speaker']);
  const owner = await signInAs(t, o.speaker.email);
  return { ...o, peer, quietPeer, quietCoach, expiredPeer, outsider, owner };
}

const unsubscribeOf = (m: TMail) => /\/unsubscribe\/(\S+)/.exec(m.text)?.[1];

/** Every mail carries its recipient's own unsubscribe link, in the text and as List-Unsubscribe. */
async function expectUnsubscribeLink(m: TMail) {
  const [u] = await t.db.select().from(users).where(eq(users.email, m.to));
  expect(unsubscribeOf(m)).toBe(u!.unsubscribeCode);
  expect(m.headers).toEqual({ 'List-Unsubscribe': `<http://rostrum.test/unsubscribe/${u!.unsubscribeCode}>` });
  expect(m.text).toContain('Email settings: http://rostrum.test/email-notifications');
}

describe('recording shared with the group (to peers)', () => {
  it('goes to the peers who may hear it and left it on, nobody else, with the unsubscribe link', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Pitch' });
    const from = await settled();
    expect((await api('PUT', `/recordings/${rec.id}`, s.owner, { feedbackRequested: true })).statusCode).toBe(200);
    await t.deliverMail();
    const sent = mailSince(from);
    expect([...sent.keys()]).toEqual([s.peer.email]);
    const [mail] = sent.get(s.peer.email)!;
    expect(mail!.subject).toBe('speaker Person shared "Pitch" with your group');
    expect(mail!.text).toContain(`http://rostrum.test/evaluate/${rec.id}`);
    await expectUnsubscribeLink(mail!);
    // Saving the title of a recording that is already shared sends nothing again.
    expect((await api('PUT', `/recordings/${rec.id}`, s.owner, { title: 'Pitch 2', feedbackRequested: true })).statusCode).toBe(200);
    await t.deliverMail();
    expect(t.mailer.sent.length - from).toBe(1);
  });

  it('is not sent where peers may not see shared recordings, nor when the org sends no speaker emails', async () => {
    // Speaker level 4: nothing is shared with peers, so the PUT is refused and nobody is mailed.
    const private4 = await scene(BOTH_ON, { managerPrivacyLevel: 1, speakerPrivacyLevel: 4 });
    const r4 = await insertDoneRecording(t.db, private4.speaker, private4.group.id);
    let from = await settled();
    expect((await api('PUT', `/recordings/${r4.id}`, private4.owner, { feedbackRequested: true })).statusCode).toBe(400);
    // A review request at that level tells the coach only, never the peers.
    expect((await api('PUT', `/recordings/${r4.id}`, private4.owner, { submitted: true })).statusCode).toBe(200);
    await t.deliverMail();
    expect([...mailSince(from).keys()]).toEqual([private4.coach.email]);

    const off = await scene({ Email_Notifications_For_Managers: true });
    const r = await insertDoneRecording(t.db, off.speaker, off.group.id);
    from = await settled();
    expect((await api('PUT', `/recordings/${r.id}`, off.owner, { feedbackRequested: true })).statusCode).toBe(200);
    await t.deliverMail();
    expect(t.mailer.sent.length - from).toBe(0);
  });
});

describe('recording submitted for review (to coaches)', () => {
  it('goes to the coaches who may hear it and left it on; not to peers or org admins outside the group', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'Review me' });
    const from = await settled();
    expect((await api('PUT', `/recordings/${rec.id}`, s.owner, { submitted: true })).statusCode).toBe(200);
    await t.deliverMail();
    const sent = mailSince(from);
    expect([...sent.keys()]).toEqual([s.coach.email]);
    const [mail] = sent.get(s.coach.email)!;
    expect(mail!.subject).toBe('speaker Person submitted "Review me" for review');
    expect(mail!.text).toContain('speaker Person, speaker in your group Group A, submitted the recording "Review me" for your review.');
    await expectUnsubscribeLink(mail!);
  });

  it('says "instructor"/"class" in a school, and is not sent when the org sends no coach emails', async () => {
    const school = await scene(BOTH_ON);
    await t.db.update(organisations).set({ type: 'edu' }).where(eq(organisations.id, school.org.id));
    const r = await insertDoneRecording(t.db, school.speaker, school.group.id, { title: 'Essay' });
    let from = await settled();
    await api('PUT', `/recordings/${r.id}`, school.owner, { submitted: true });
    await t.deliverMail();
    expect(mailSince(from).get(school.coach.email)![0]!.text).toContain('student in your class Group A');

    const off = await scene({ Email_Notifications_For_Speakers: true });
    const r2 = await insertDoneRecording(t.db, off.speaker, off.group.id);
    from = await settled();
    expect((await api('PUT', `/recordings/${r2.id}`, off.owner, { submitted: true })).statusCode).toBe(200);
    await t.deliverMail();
    expect(t.mailer.sent.length - from).toBe(0);
  });

  it('at coach level 3 a coach is told only of what they may open: a submitted recording', async () => {
    const s = await scene(BOTH_ON, { managerPrivacyLevel: 3, speakerPrivacyLevel: 1 });
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id);
    const from = await settled();
    expect((await api('PUT', `/recordings/${rec.id}`, s.owner, { submitted: true })).statusCode).toBe(200);
    await t.deliverMail();
    expect([...mailSince(from).keys()]).toEqual([s.coach.email]);
  });
});

describe('the emails go through the send-email job', () => {
  it('the change answers 200 while SMTP is down; the mail is retried and sent once it is back', async () => {
    const s = await scene();
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id);
    const from = await settled();
    t.mailer.down = true;
    try {
      expect((await api('PUT', `/recordings/${rec.id}`, s.owner, { feedbackRequested: true })).statusCode).toBe(200);
      // Nothing was sent inside the request: the mail waits as a job.
      expect(t.mailer.sent.length).toBe(from);
      const jobs = await t.db.execute(sql`select state from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${s.peer.email}`);
      expect((jobs as unknown as { rows: { state: string }[] }).rows.map((r) => r.state)).toEqual(['created']);
      expect(await t.deliverMail()).toBe(1);
    } finally {
      t.mailer.down = false;
    }
    expect(t.mailer.sent.length).toBe(from);
    expect(await t.deliverMail({ retriesDue: true })).toBe(1);
    expect([...mailSince(from).keys()]).toEqual([s.peer.email]);
  });
});

describe('assignment completed (to coaches)', () => {
  it('tells the group coaches who left it on when a speaker hands a recording in', async () => {
    const s = await scene({ ...BOTH_ON, Assignments: true });
    const { assignment } = await insertAssignment(t.db, s.coach, s.group.id, { name: 'Elevator Pitch' });
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { title: 'My pitch', algorithm: 'rostrum-default' });
    const from = await settled();
    const res = await api('POST', `/assignments/${assignment.id}/recordings`, s.owner, { recordingId: rec.id });
    expect(res.statusCode, res.body).toBe(200);
    await t.deliverMail();
    const sent = mailSince(from);
    expect([...sent.keys()]).toEqual([s.coach.email]);
    expect(sent.get(s.coach.email)![0]!.subject).toBe('speaker Person completed "Elevator Pitch"');
    await expectUnsubscribeLink(sent.get(s.coach.email)![0]!);
  });
});

describe('recording analysed (to its owner)', () => {
  it('mails the owner when the analysis finishes, with the Vibe score; a recording created shared tells its peers and coaches then', async () => {
    const s = await scene();
    await setPrefs(s.quietPeer.id, { recordingProcessedFrequency: '0', recordingSharedFrequency: '0' });
    const created = await api('POST', '/recordings', s.owner, {
      title: 'Analysed talk',
      source: 'ui upload form',
      fileName: 'talk.wav',
      feedbackRequested: true,
      submitted: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { recordingId } = created.json().data as { recordingId: string };
    const bytes = readFileSync(speechWav());
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const tus = { 'tus-resumable': '1.0.0', authorization: s.owner };
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `recordingId ${b64(recordingId)}` },
    });
    expect(up.statusCode).toBe(201);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: up.headers.location as string,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: bytes,
    });
    expect(patched.statusCode).toBe(204);
    const from = await settled();
    // Shared and submitted before its results exist: nobody is told yet.
    expect(t.mailer.sent.length).toBe(from);

    const log = pino({ level: 'silent' });
    const ran = await t.queue.runDueJobs(ANALYZE_RECORDING, { db: t.db, config: t.config, storage: t.storage, log, mailer: t.mailer });
    expect(ran).toBe(1);
    const rec = (await api('GET', `/recordings/${recordingId}`, s.owner)).json().data;
    expect(rec.state, rec.failedReason).toBe('done');
    await t.deliverMail();
    const sent = mailSince(from);
    expect([...sent.keys()].sort()).toEqual([s.speaker.email, s.peer.email, s.coach.email].sort());
    const mail = sent.get(s.speaker.email)![0]!;
    expect(mail.subject).toBe('Your results for "Analysed talk" are ready');
    expect(mail.text).toContain(`Vocal Delivery ${rec.overallScore.toFixed(1)} — your Vibe score`);
    expect(mail.text).toContain(`See your results: http://rostrum.test/evaluate/${recordingId}`);
    await expectUnsubscribeLink(mail);
    expect(sent.get(s.peer.email)![0]!.subject).toMatch(/shared "Analysed talk"/);
    expect(sent.get(s.coach.email)![0]!.subject).toMatch(/submitted "Analysed talk" for review/);
  }, 180_000);

  it('is not sent to an owner who switched it off', async () => {
    const s = await scene();
    await setPrefs(s.speaker.id, { recordingProcessedFrequency: '0' });
    const rec = await insertDoneRecording(t.db, s.speaker, s.group.id, { status: 'processing' });
    const { notifyRecordingEvents } = await import('./notify.js');
    const from = await settled();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update recordings set status = 'done', overall_score = 7.44 where id = ${rec.id}`);
      await notifyRecordingEvents(tx, t, rec.id, { processed: true });
    });
    await t.deliverMail();
    expect(t.mailer.sent.length - from).toBe(0);
    await setPrefs(s.speaker.id, {});
    await t.db.transaction((tx) => notifyRecordingEvents(tx, t, rec.id, { processed: true }).then(() => undefined));
    await t.deliverMail();
    expect(mailSince(from).get(s.speaker.email)![0]!.text).toContain('Vocal Delivery 7.4 — your Vibe score');
  });
});

describe('GET email-preferences: the settings page sections (000 section 2.10)', () => {
  const sectionsOf = async (email: string) => (await api('GET', '/email-preferences', await signInAs(t, email))).json().data;

  it('a speaker sees the speaker section; a coach the coach section too; assignment switches only with Assignments', async () => {
    const s = await scene();
    const speaker = await sectionsOf(s.speaker.email);
    expect(speaker.preferences).toEqual(DEFAULT_EMAIL_PREFERENCES);
    expect(speaker.sections).toEqual({
      speakers: ['feedbackReceivedFrequency', 'recordingProcessedFrequency', 'recordingSharedFrequency'],
      coaches: [],
    });
    expect((await sectionsOf(s.coach.email)).sections.coaches).toEqual(['recordingSubmittedFrequency']);
    // An org admin who coaches no group is offered no coach emails: none would ever reach them.
    expect((await sectionsOf(s.admin.email)).sections.coaches).toEqual([]);

    await t.db
      .update(organisations)
      .set({ settings: { ...BOTH_ON, Assignments: true } })
      .where(eq(organisations.id, s.org.id));
    expect((await sectionsOf(s.coach.email)).sections.coaches).toEqual(['recordingSubmittedFrequency', 'assignmentCompletedFrequency']);
    expect((await sectionsOf(s.speaker.email)).sections.speakers).toContain('assignmentReceivedFrequency');

    await t.db.update(organisations).set({ settings: {} }).where(eq(organisations.id, s.org.id));
    expect((await sectionsOf(s.coach.email)).sections).toEqual({ speakers: [], coaches: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/email-preferences' })).statusCode).toBe(401);
  });
});
