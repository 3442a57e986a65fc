import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { createCapture, startCaptureUpload } from '../../test/live-capture-client.js';
import { liveCaptures, recordings } from '../../db/schema.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { UNSAVED_TAKE_KEEP_DAYS } from '@rostrum/contract';
import { handleExpireUploads } from './expire-uploads.job.js';
import { UPLOAD_EXPIRY_MS } from './upload-expiry.js';
import { startQueue } from '../../jobs/queue.js';

// Unfinished tus uploads expire after a day: the partial files in DATA_DIR/uploads go, and so do
// the recordings still waiting for their file; unsaved live captures are kept a week. Tested with
// back-dated uploads.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const uploads = () => path.join(t.config.dataDir, 'uploads');
const log = pino({ level: 'silent' });

/** A recording with half of its file uploaded; `hoursAgo` back-dates both. */
async function partialUpload(auth: string, hoursAgo: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/recordings',
    headers: { authorization: auth },
    payload: { title: 'Half', source: 'ui upload form' },
  });
  const { recordingId } = created.json().data as { recordingId: string };
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...TUS, authorization: auth, 'upload-length': '2000', 'upload-metadata': `recordingId ${b64(recordingId)}` },
  });
  expect(post.statusCode, post.body).toBe(201);
  const patch = await t.app.inject({
    method: 'PATCH',
    url: post.headers.location as string,
    headers: { ...TUS, authorization: auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.alloc(1000, 1),
  });
  expect(patch.statusCode, patch.body).toBe(204);
  if (hoursAgo) {
    const then = new Date(Date.now() - hoursAgo * 3600_000);
    await t.db.update(recordings).set({ createdAt: then }).where(eq(recordings.id, recordingId));
    const meta = path.join(uploads(), `${recordingId}.json`);
    writeFileSync(meta, JSON.stringify({ ...JSON.parse(readFileSync(meta, 'utf8')), creation_date: then.toISOString() }));
  }
  return { recordingId, location: post.headers.location as string };
}

const rowOf = async (id: string) => (await t.db.select().from(recordings).where(eq(recordings.id, id)))[0];
const hasFiles = (id: string) => existsSync(path.join(uploads(), id)) || existsSync(path.join(uploads(), `${id}.json`));

describe('expire-uploads', () => {
  it('removes uploads older than a day with their waiting recordings, and nothing else', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const old = await partialUpload(auth, 25);
    const fresh = await partialUpload(auth, 2);
    // tus itself refuses to go on with the expired one, in the API's error shape.
    const resume = await t.app.inject({
      method: 'PATCH',
      url: old.location,
      headers: { ...TUS, authorization: auth, 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(1000, 1),
    });
    expect(resume.statusCode).toBe(410);
    expect(resume.json().errors[0].status).toBe(410);
    // Old rows that do not wait for an uploaded file stay: a URL recording and a finished one.
    const longAgo = new Date(Date.now() - 30 * 3600_000);
    const owner = { id: o.speaker.id, orgId: o.org.id };
    const viaUrl = await insertDoneRecording(t.db, owner, o.group.id, {
      status: 'uploading',
      sourceUrl: 'https://example.com/a.mp3',
      createdAt: longAgo,
    });
    const done = await insertDoneRecording(t.db, owner, o.group.id, { createdAt: longAgo });
    // A partial file whose recording is already gone.
    const orphan = '0b7e7c1e-8f57-4d6c-9c1c-1f2e3d4c5b6a';
    writeFileSync(path.join(uploads(), orphan), 'partial');
    writeFileSync(path.join(uploads(), `${orphan}.json`), JSON.stringify({ id: orphan, size: 10, creation_date: longAgo.toISOString() }));

    const result = await handleExpireUploads({ db: t.db, config: t.config, storage: t.storage, log, mailer: t.mailer });
    expect(result).toEqual({ recordings: 1, uploads: 2 });
    expect(await rowOf(old.recordingId)).toBeUndefined();
    expect(hasFiles(old.recordingId)).toBe(false);
    expect(hasFiles(orphan)).toBe(false);
    expect((await rowOf(fresh.recordingId))?.status).toBe('uploading');
    expect(hasFiles(fresh.recordingId)).toBe(true);
    expect(await rowOf(viaUrl.id)).toBeDefined();
    expect(await rowOf(done.id)).toBeDefined();
    // A day later the fresh one goes too.
    await handleExpireUploads({ db: t.db, config: t.config, storage: t.storage, log, mailer: t.mailer }, Date.now() + UPLOAD_EXPIRY_MS);
    expect(await rowOf(fresh.recordingId)).toBeUndefined();
    expect(hasFiles(fresh.recordingId)).toBe(false);
  });

  it(`keeps unsaved live captures ${UNSAVED_TAKE_KEEP_DAYS} days, then removes them with their bytes; saved ones stay`, async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    /** A capture with some bytes uploaded (no stop received); `hoursAgo` back-dates both. */
    const capture = async (hoursAgo: number) => {
      const { captureId } = await createCapture(t, auth);
      await startCaptureUpload(t, auth, captureId);
      const then = new Date(Date.now() - hoursAgo * 3600_000);
      await t.db.update(liveCaptures).set({ createdAt: then }).where(eq(liveCaptures.id, captureId));
      const meta = path.join(uploads(), `${captureId}.json`);
      writeFileSync(meta, JSON.stringify({ ...JSON.parse(readFileSync(meta, 'utf8')), creation_date: then.toISOString() }));
      return captureId;
    };
    const days = UNSAVED_TAKE_KEEP_DAYS * 24;
    const expired = await capture(days + 1);
    // Older than an unfinished upload's day, younger than the unsaved take's week: kept, resumable.
    const kept = await capture(days - 1);
    const saved = await capture(2);
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recordings',
      headers: { authorization: auth },
      payload: { title: 'Saved', source: 'ui record form', captureId: saved },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    await handleExpireUploads({ db: t.db, config: t.config, storage: t.storage, log, mailer: t.mailer });
    const left = async (id: string) => (await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, id))).length;
    expect(await left(expired)).toBe(0);
    expect(hasFiles(expired)).toBe(false);
    expect(await left(kept)).toBe(1);
    expect(hasFiles(kept)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/uploads/${kept}`, headers: { ...TUS, authorization: auth } });
    expect(head.statusCode).toBe(200);
    // The saved one waits for its file as its recording does (created now).
    expect(await left(saved)).toBe(1);
    // Two hours later the kept one is past the week too.
    await handleExpireUploads({ db: t.db, config: t.config, storage: t.storage, log, mailer: t.mailer }, Date.now() + 2 * 3600_000);
    expect(await left(kept)).toBe(0);
    expect(hasFiles(kept)).toBe(false);
    expect(await left(saved)).toBe(1);
  });

  it('runs by itself on a worker', async () => {
    const o = await makeOrg(t.db);
    const old = await partialUpload(await signInAs(t, o.speaker.email), 30);
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' });
    const queue = await startQueue(database, t.config, log);
    try {
      await queue.startWorkers({ db: database.db, config: t.config, storage: t.storage, log, mailer: t.mailer });
      const until = Date.now() + 15_000;
      while (hasFiles(old.recordingId) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(hasFiles(old.recordingId)).toBe(false);
      expect(await rowOf(old.recordingId)).toBeUndefined();
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});
