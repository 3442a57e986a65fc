import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { openDatabase, type TDatabase } from '../../db/client.js';
import { recordings } from '../../db/schema.js';
import { startQueue } from '../../jobs/queue.js';
import type { TQueue } from '../../jobs/job-types.js';
import { MediaStorage } from '../../storage/media-storage.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// DELETE recordings/{id}: ids are lower-cased at the edge (any spelling works), and the row
// change and the removal of the files go together: the files go in a job enqueued in the
// deleting transaction, which is tried again when the removal fails.

let t: TTestApp;
beforeAll(async () => {
  // No worker in this process: each test runs the workers it needs.
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'DELETE', url: string, authorization: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization } });

/** A finished recording of a new speaker, with media files on disk. */
async function recordingWithFiles() {
  const o = await makeOrg(t.db);
  const rec = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, { playbackPath: 'audio.m4a' });
  const dir = t.storage.dirFor(rec.id);
  mkdirSync(dir, { recursive: true });
  for (const f of ['original', 'audio.m4a', 'peaks.json']) writeFileSync(path.join(dir, f), 'x');
  return { rec, dir, auth: await signInAs(t, o.speaker.email) };
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
}

/** A worker process of its own on this test's database, with the given storage. */
async function startWorker(storage: MediaStorage): Promise<{ queue: TQueue; database: TDatabase }> {
  const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' });
  const log = pino({ level: 'silent' });
  const queue = await startQueue(database, t.config, log);
  await queue.startWorkers({ db: database.db, config: t.config, storage, log, mailer: t.mailer });
  return { queue, database };
}

describe('DELETE recordings/{id}', () => {
  it('takes an upper-case id: 200, the row is deleted and the files are gone', async () => {
    const { rec, dir, auth } = await recordingWithFiles();
    const worker = await startWorker(t.storage);
    try {
      expect((await api('GET', `/recordings/${rec.id.toUpperCase()}`, auth)).statusCode).toBe(200);
      const res = await api('DELETE', `/recordings/${rec.id.toUpperCase()}`, auth);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db.select().from(recordings).where(eq(recordings.id, rec.id));
      expect(row?.deletedAt).not.toBeNull();
      expect((await api('GET', `/recordings/${rec.id}`, auth)).statusCode).toBe(404);
      expect(await until(() => !existsSync(dir), 15_000)).toBe(true);
    } finally {
      await worker.queue.stop();
      await worker.database.close();
    }
  });

  it('a failed file removal is tried again until the files are gone', async () => {
    const { rec, dir, auth } = await recordingWithFiles();
    let calls = 0;
    class FlakyStorage extends MediaStorage {
      override async remove(recordingId: string) {
        calls++;
        if (calls === 1) throw new Error('volume busy');
        return super.remove(recordingId);
      }
    }
    const worker = await startWorker(new FlakyStorage(t.storage.root));
    try {
      expect((await api('DELETE', `/recordings/${rec.id}`, auth)).statusCode).toBe(200);
      expect(await until(() => !existsSync(dir), 25_000)).toBe(true);
      expect(calls).toBe(2);
    } finally {
      await worker.queue.stop();
      await worker.database.close();
    }
  }, 40_000);

  it('keeps the files when the deletion does not happen (not the owner)', async () => {
    const { rec, dir } = await recordingWithFiles();
    const o = await makeOrg(t.db);
    const res = await api('DELETE', `/recordings/${rec.id}`, await signInAs(t, o.speaker.email));
    expect(res.statusCode).toBe(404);
    expect(existsSync(dir)).toBe(true);
  });
});
