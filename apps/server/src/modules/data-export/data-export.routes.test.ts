import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_LINK_DAYS, ZResultsSchema, ZUserSchema } from '@rostrum/contract';
import { dataExports, feedback, groups, notices, scorecardResponses, users } from '../../db/schema.js';
import type { TWorkerDeps } from '../../jobs/job-types.js';
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
import { fullResults } from '../../test/results-fixtures.js';
import { buildDataExportJob, expireDataExportsJob } from './data-export.jobs.js';

// Export my data (issue 42 item 7): request, the job building the zip, what is (and is not) in it,
// the download's permissions, one export at a time, and the expiry of old zips.

let t: TTestApp;
let workerDeps: TWorkerDeps;
const api = apiCaller(() => t);
let scratch: string;

beforeAll(async () => {
  t = await startTestApp();
  workerDeps = { db: t.db, config: t.config, storage: t.mediaStorage, log: pino({ level: 'silent' }), mailer: t.mailer };
  scratch = mkdtempSync(path.join(os.tmpdir(), 'rostrum-export-test-'));
});
afterAll(async () => {
  await t?.close();
});

const runBuild = () => t.queue.runDueJobs(buildDataExportJob.name, workerDeps);

/** Stores random bytes as a recording's original, as a finished upload would; returns them. */
async function storeOriginal(recordingId: string, bytes = randomBytes(4096 + Math.floor(Math.random() * 4096))): Promise<Buffer> {
  const file = path.join(scratch, `${recordingId}.upload`);
  writeFileSync(file, bytes);
  await t.mediaStorage.putOriginal(recordingId, file);
  return bytes;
}

/** Downloads the export and writes the zip to a file; returns its path. */
async function downloadZip(auth: string, exportId: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/me/data-export/${exportId}/download`, headers: { authorization: auth } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="rostrum-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const file = path.join(scratch, `${exportId}-${randomBytes(3).toString('hex')}.zip`);
  writeFileSync(file, res.rawPayload);
  return file;
}

/** The zip's entry names (Debian's unzip). */
const entriesOf = (zip: string) => execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
const entry = (zip: string, name: string) => execFileSync('unzip', ['-p', zip, name], { maxBuffer: 64 * 1024 * 1024 });
const jsonEntry = (zip: string, name: string) => JSON.parse(entry(zip, name).toString('utf8'));

/**
 * One organisation's group: the speaker with two recordings (one done with results and a
 * scorecard answer on it, one still processing), a peer with a recording of their own in the
 * same group, a coach who commented on both, and the peer's comment on the speaker's one.
 */
async function scenario() {
  const o = await makeOrg(t.db);
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const { assignment, scorecard } = await insertAssignment(t.db, o.coach, o.group.id, {
    name: 'Persuasive Pitch',
    custom: ['Eye contact'],
  });
  const results = fullResults();
  const mine = await insertDoneRecording(t.db, o.speaker, o.group.id, {
    title: 'My Pitch',
    fileName: 'pitch.webm',
    results,
    assignmentId: assignment.id,
  });
  const processing = await insertDoneRecording(t.db, o.speaker, o.group.id, { title: 'Second Take', status: 'processing', results: null });
  const peersOwn = await insertDoneRecording(t.db, peer, o.group.id, { title: 'Peer Secret Talk', results });
  const mineBytes = await storeOriginal(mine.id);
  const processingBytes = await storeOriginal(processing.id);
  await storeOriginal(peersOwn.id);
  await t.db.insert(feedback).values([
    { recordingId: mine.id, groupId: o.group.id, userId: o.coach.id, kind: 'comment', comment: 'Great opening, Sam.', isManager: true },
    { recordingId: mine.id, groupId: o.group.id, userId: o.coach.id, kind: 'score', scoreOverall: 4, isManager: true },
    { recordingId: mine.id, groupId: o.group.id, userId: peer.id, kind: 'comment', comment: 'Loved the story.', isManager: false },
    {
      recordingId: peersOwn.id,
      groupId: o.group.id,
      userId: o.coach.id,
      kind: 'comment',
      comment: 'Coach note for the peer only',
      isManager: true,
    },
    {
      recordingId: peersOwn.id,
      groupId: o.group.id,
      userId: o.speaker.id,
      kind: 'comment',
      comment: 'My comment on a peer',
      isManager: false,
    },
  ]);
  await t.db.insert(scorecardResponses).values({
    scorecardId: scorecard!.id,
    recordingId: mine.id,
    userId: o.coach.id,
    responses: [{ id: scorecard!.questions.find((q) => q.label === 'Eye contact')!.id, response: 4 }],
    isManager: true,
  });
  return { ...o, peer, mine, mineBytes, processing, processingBytes, peersOwn };
}

describe('Export my data', () => {
  it('refuses anonymous callers on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    for (const [method, url] of [
      ['POST', '/api/v1/me/data-export'],
      ['GET', '/api/v1/me/data-export'],
      ['GET', `/api/v1/me/data-export/${id}/download`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().errors[0].status).toBe(401);
    }
  });

  it('answers state none before the first request, and dataExport null on the user', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const res = await api('GET', '/me/data-export', auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ exportId: null, state: 'none', downloadUrl: null });
    const me = (await api('GET', '/me', auth)).json().data;
    expect(me.user.dataExport).toBeNull();
  });

  it('builds the zip with everything of the person and nothing of anyone else, then tells them', async () => {
    const s = await scenario();
    const auth = await signInAs(t, s.speaker.email);

    const requested = await api('POST', '/me/data-export', auth);
    expect(requested.statusCode).toBe(202);
    const exp = requested.json().data;
    expect(exp).toMatchObject({ state: 'queued', downloadUrl: null });
    expect((await api('GET', '/me', auth)).json().data.user.dataExport).toEqual({
      exportId: exp.exportId,
      state: 'queued',
      expiresAt: null,
    });

    // A second request while it is queued returns the same export, no second job.
    const again = await api('POST', '/me/data-export', auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.exportId).toBe(exp.exportId);

    expect(await runBuild()).toBe(1);
    const ready = (await api('GET', '/me/data-export', auth)).json().data;
    expect(ready.state).toBe('ready');
    expect(ready.downloadUrl).toBe(`/api/v1/me/data-export/${exp.exportId}/download`);
    const days = (Date.parse(ready.expiresAt) - Date.parse(ready.readyDate)) / 86_400_000;
    expect(days).toBeCloseTo(DATA_EXPORT_LINK_DAYS, 5);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, exp.exportId));
    expect(row!.storageKey).toBe(`data-exports/${exp.exportId}.zip`);
    expect(ready.sizeBytes).toBe(row!.sizeBytes);
    const me = (await api('GET', '/me', auth)).json().data;
    expect(ZUserSchema.parse(me.user).dataExport).toEqual({ exportId: exp.exportId, state: 'ready', expiresAt: ready.expiresAt });

    const zip = await downloadZip(auth, exp.exportId);
    const names = entriesOf(zip);
    const mineDir = `recordings/${s.mine.id}`;
    const procDir = `recordings/${s.processing.id}`;
    expect(names).toEqual(
      [
        'README.txt',
        'assignments.json',
        'consents.json',
        'feedback.json',
        'memberships.json',
        'profile.json',
        'scorecards.json',
        `${mineDir}/original.webm`,
        `${mineDir}/recording.json`,
        `${mineDir}/results.json`,
        `${mineDir}/transcript.txt`,
        `${procDir}/original`,
        `${procDir}/recording.json`,
      ].sort(),
    );
    // The media with the very bytes stored; the results in the Results shape.
    expect(entry(zip, `${mineDir}/original.webm`).equals(s.mineBytes)).toBe(true);
    expect(entry(zip, `${procDir}/original`).equals(s.processingBytes)).toBe(true);
    expect(ZResultsSchema.safeParse(jsonEntry(zip, `${mineDir}/results.json`)).success).toBe(true);
    expect(entry(zip, `${mineDir}/transcript.txt`).toString('utf8')).toMatch(/^My Pitch\n\n\S/);
    expect(jsonEntry(zip, `${mineDir}/recording.json`)).toMatchObject({
      title: 'My Pitch',
      assignmentName: 'Persuasive Pitch',
      originalMedia: 'original.webm',
    });

    const profile = jsonEntry(zip, 'profile.json');
    expect(profile).toMatchObject({ userId: s.speaker.id, email: s.speaker.email, name: s.speaker.name });
    const profileText = entry(zip, 'profile.json').toString('utf8');
    const [stored] = await t.db.select().from(users).where(eq(users.id, s.speaker.id));
    expect(profileText).not.toContain(stored!.passwordHash);
    expect(profileText).not.toContain(stored!.unsubscribeCode);
    expect(profileText).not.toMatch(/password|apiKey|token/i);

    expect(jsonEntry(zip, 'consents.json').termsAccepted).toEqual({ value: true, at: null });
    expect(jsonEntry(zip, 'memberships.json').groups).toEqual([
      expect.objectContaining({ groupId: s.group.id, groupName: 'Group A', roles: ['speaker'], membershipStatus: 'active' }),
    ]);
    expect(jsonEntry(zip, 'assignments.json').submittedTo).toEqual([
      { assignmentId: expect.any(String), name: 'Persuasive Pitch', recordingIds: [s.mine.id] },
    ]);

    const fb = jsonEntry(zip, 'feedback.json');
    expect(fb.written.map((f: { comment: string }) => f.comment)).toEqual(['My comment on a peer']);
    // Rows inserted together share a time: compared in any order.
    expect(
      fb.received.map((f: { authorName: string; comment: string | null; kind: string }) => [f.authorName, f.kind, f.comment]).sort(),
    ).toEqual(
      [
        [s.coach.name, 'comment', 'Great opening, Sam.'],
        [s.coach.name, 'score', null],
        [s.peer.name, 'comment', 'Loved the story.'],
      ].sort(),
    );
    const sc = jsonEntry(zip, 'scorecards.json');
    expect(sc.given).toEqual([]);
    expect(sc.received).toEqual([
      expect.objectContaining({ raterName: s.coach.name, answers: [{ question: 'Eye contact', response: 4 }] }),
    ]);

    // Nothing of another person: the peer's own recording, and the coach's note on it.
    expect(names.some((n) => n.includes(s.peersOwn.id))).toBe(false);
    const everything = execFileSync('unzip', ['-p', zip], { maxBuffer: 64 * 1024 * 1024 }).toString('latin1');
    expect(everything).not.toContain('Peer Secret Talk');
    expect(everything).not.toContain('Coach note for the peer only');
    expect(everything).not.toContain(s.peer.email);

    // Told: the bell's notice and the email with the link to the profile.
    const told = await t.db.select().from(notices).where(eq(notices.userId, s.speaker.id));
    expect(told.map((n) => n.kind)).toEqual(['dataExportReady']);
    await t.deliverMail();
    const mail = t.mailer.last(s.speaker.email);
    expect(mail?.subject).toBe('Your Rostrum data export is ready');
    expect(mail?.text).toContain(`${t.config.publicUrl}/profile`);
  });

  it("packs only what the person sees on their results: in a level-4 group, no peer's feedback", async () => {
    const s = await scenario();
    await t.db.update(groups).set({ speakerPrivacyLevel: 4 }).where(eq(groups.id, s.group.id));
    const auth = await signInAs(t, s.speaker.email);
    const exp = (await api('POST', '/me/data-export', auth)).json().data;
    await runBuild();
    const fb = jsonEntry(await downloadZip(auth, exp.exportId), 'feedback.json');
    const received = fb.received.map((f: { authorName: string; comment: string | null }) => [f.authorName, f.comment]);
    expect(received.sort()).toEqual(
      [
        [s.coach.name, 'Great opening, Sam.'],
        [s.coach.name, null],
      ].sort(),
    );
  });

  it("never serves another person's export: 404 for its id, and GET me/data-export shows only one's own", async () => {
    const s = await scenario();
    const owner = await signInAs(t, s.speaker.email);
    const other = await signInAs(t, s.peer.email);
    const coach = await signInAs(t, s.coach.email);
    const admin = await signInAs(t, s.admin.email);
    const exp = (await api('POST', '/me/data-export', owner)).json().data;
    await runBuild();
    for (const who of [other, coach, admin]) {
      const res = await api('GET', `/me/data-export/${exp.exportId}/download`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
      expect((await api('GET', '/me/data-export', who)).json().data.exportId).not.toBe(exp.exportId);
    }
    // Malformed ids are a 400 in the error shape, never a 500.
    const bad = await api('GET', '/me/data-export/not-an-id/download', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].status).toBe(400);
  });

  it('starts one export for requests at the same moment', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const answers = await Promise.all([1, 2, 3, 4].map(() => api('POST', '/me/data-export', auth)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 202]);
    expect(new Set(answers.map((a) => a.json().data.exportId)).size).toBe(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, o.speaker.id))).toHaveLength(1);
    expect(await runBuild()).toBe(1);
  });

  it('answers 409 while an export is not ready', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const exp = (await api('POST', '/me/data-export', auth)).json().data;
    const res = await api('GET', `/me/data-export/${exp.exportId}/download`, auth);
    expect(res.statusCode).toBe(409);
    await runBuild();
  });

  it('refuses an expired link, and the hourly job removes the zip and marks it expired', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const exp = (await api('POST', '/me/data-export', auth)).json().data;
    await runBuild();
    expect((await api('GET', `/me/data-export/${exp.exportId}/download`, auth)).statusCode).toBe(200);
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exp.exportId));

    // Past its time the link is refused at once, before the job has run.
    const refused = await api('GET', `/me/data-export/${exp.exportId}/download`, auth);
    expect(refused.statusCode).toBe(410);
    expect((await api('GET', '/me/data-export', auth)).json().data).toMatchObject({ state: 'expired', downloadUrl: null });

    const zipFile = path.join(t.config.dataDir, 'data-exports', `${exp.exportId}.zip`);
    expect(existsSync(zipFile)).toBe(true);
    await t.queue.request(expireDataExportsJob, {}, 'test');
    await t.queue.runDueJobs(expireDataExportsJob.name, workerDeps);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, exp.exportId));
    expect(row).toMatchObject({ state: 'expired', storageKey: null });
    expect(existsSync(zipFile)).toBe(false);
    expect((await api('GET', `/me/data-export/${exp.exportId}/download`, auth)).statusCode).toBe(410);

    // A new request after that starts a new export.
    const next = await api('POST', '/me/data-export', auth);
    expect(next.statusCode).toBe(202);
    expect(next.json().data.exportId).not.toBe(exp.exportId);
    await runBuild();
  });

  it('sweeps the zip of an account that is gone (its export rows go with it)', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const exp = (await api('POST', '/me/data-export', auth)).json().data;
    await runBuild();
    const zipFile = path.join(t.config.dataDir, 'data-exports', `${exp.exportId}.zip`);
    expect(existsSync(zipFile)).toBe(true);
    await t.db.delete(users).where(eq(users.id, o.speaker.id));
    expect(await t.db.select().from(dataExports).where(eq(dataExports.id, exp.exportId))).toEqual([]);
    await t.queue.request(expireDataExportsJob, {}, 'sweep');
    await t.queue.runDueJobs(expireDataExportsJob.name, workerDeps);
    expect(existsSync(zipFile)).toBe(false);
  });

  it('marks the export failed when its last try fails, and a retry then starts a new one', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const exp = (await api('POST', '/me/data-export', auth)).json().data;
    await insertDoneRecording(t.db, o.speaker, o.group.id);
    // A storage that cannot be reached: each try fails at the first recording's media.
    const storage = Object.assign(Object.create(t.mediaStorage), {
      workDir: async () => {
        throw new Error('storage unreachable');
      },
    });
    const broken: TWorkerDeps = { ...workerDeps, storage };
    for (let i = 0; i <= buildDataExportJob.options.retryLimit; i++) {
      // Retries are due now, as if their delay had passed.
      await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${buildDataExportJob.name} and state = 'retry'`);
      expect(await t.queue.runDueJobs(buildDataExportJob.name, broken)).toBe(1);
    }
    expect((await api('GET', '/me/data-export', auth)).json().data).toMatchObject({ exportId: exp.exportId, state: 'failed' });
    const retry = await api('POST', '/me/data-export', auth);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data.state).toBe('queued');
    await runBuild();
    expect((await api('GET', '/me/data-export', auth)).json().data.state).toBe('ready');
  });
});
