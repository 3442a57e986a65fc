import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { recordings, shareLinks } from '../db/schema.js';
import { hashSecret, newSecret } from '../auth/keys.js';
import { fullResults } from '../test/results-fixtures.js';
import { handleExpireUploads } from '../modules/recordings/index.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, TEST_MEDIA_SECRET, type TTestApp } from '../test/harness.js';
import { speechWav, speechWebm } from '../test/media-fixtures.js';
import { createCapture, startCaptureUpload } from '../test/live-capture-client.js';
import { startS3StandIn, type TS3StandIn } from '../test/s3-stand-in.js';
import { migrateMedia } from './migrate-media.js';
import { S3MediaStorage } from './s3-media-storage.js';

// The command as built (npm test builds first, as for the worker processes of other tests).
const MIGRATE_CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/storage/migrate-media.js');

let s3: TS3StandIn;
let scratch: string;
const storageOf = (presign: boolean) => new S3MediaStorage({ ...s3.config, presign }, scratch);

beforeAll(async () => {
  s3 = await startS3StandIn();
  scratch = mkdtempSync(path.join(os.tmpdir(), 's3-scratch-'));
});
afterAll(async () => {
  await s3?.close();
});

/** A recording's media, served by a one-route app the way media.routes.ts calls storage.serve. */
async function serveApp(storage: S3MediaStorage) {
  const app = Fastify();
  app.get('/m/:id/:kind', async (req, reply) => {
    const { id, kind } = req.params as { id: string; kind: 'audio' | 'peaks' };
    if (!(await storage.serve(reply, id, kind))) return reply.status(404).send({ gone: true });
    return reply;
  });
  await app.ready();
  return app;
}

describe('S3 media storage', () => {
  it('stores, streams with Range, presigns, and removes a recording by prefix', async () => {
    const storage = storageOf(false);
    const id = randomUUID();
    const other = randomUUID();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const original = path.join(scratch, `${id}-in`);
    writeFileSync(original, bytes);
    await storage.putOriginal(id, original);
    // The worker's copy holds the original; what it makes there is stored back.
    const dir = await storage.workDir(id);
    expect(readFileSync(path.join(dir, 'original')).equals(bytes)).toBe(true);
    writeFileSync(path.join(dir, 'audio.m4a'), bytes);
    writeFileSync(path.join(dir, 'peaks.json'), '[1,2,3]');
    await storage.save(id, dir, ['audio.m4a', 'peaks.json', 'video.mp4']);
    await storage.release(id, dir);
    const otherFile = path.join(scratch, `${other}-in`);
    writeFileSync(otherFile, 'other');
    await storage.putOriginal(other, otherFile);
    expect((await storage.list(`media/${id}/`)).map((o) => o.key).sort()).toEqual(
      [`media/${id}/audio.m4a`, `media/${id}/original`, `media/${id}/peaks.json`].sort(),
    );

    const app = await serveApp(storage);
    const whole = await app.inject({ method: 'GET', url: `/m/${id}/audio` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await app.inject({ method: 'GET', url: `/m/${id}/audio`, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/m/${id}/video` })).statusCode).toBe(404);

    // Presigned: a redirect to the bucket, where Range works; peaks still come from the API.
    const presigning = await serveApp(storageOf(true));
    const redirect = await presigning.inject({ method: 'GET', url: `/m/${id}/audio` });
    expect(redirect.statusCode).toBe(302);
    const location = redirect.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=300\b/);
    const ranged = await fetch(location, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    const peaks = await presigning.inject({ method: 'GET', url: `/m/${id}/peaks` });
    expect(peaks.statusCode).toBe(200);
    expect(peaks.body).toBe('[1,2,3]');

    await storage.remove(id);
    expect(await storage.list(`media/${id}/`)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/m/${id}/audio` })).statusCode).toBe(404);
    expect((await presigning.inject({ method: 'GET', url: `/m/${id}/audio` })).statusCode).toBe(404);
    // The other recording is untouched.
    expect(await storage.list(`media/${other}/`)).toHaveLength(1);
    await app.close();
    await presigning.close();
  });

  it('sweeps scratch copies older than the given age, and only those', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    const storage = new S3MediaStorage(s3.config, root);
    const id = randomUUID();
    writeFileSync(path.join(root, `${id}.upload`), 'x');
    const killed = path.join(root, `${id}.dead0001`);
    mkdirSync(killed);
    writeFileSync(path.join(killed, 'original'), 'x');
    const then = new Date(Date.now() - 3 * 3600_000);
    utimesSync(killed, then, then);
    const live = await storage.workDir(id);
    expect(await storage.sweepScratch(3600_000)).toBe(1);
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(path.join(root, `${id}.upload`))).toBe(true);
  });

  it('migrates a local media folder into the bucket, idempotently, with counts', async () => {
    const storage = storageOf(true);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'migrate-'));
    const root = path.join(dataDir, 'media');
    mkdirSync(root);
    const a = randomUUID();
    const b = randomUUID();
    for (const [id, files] of [
      [a, { original: 'aaaa', 'audio.m4a': 'audio-a', 'peaks.json': '[]' }],
      [b, { original: 'bbbbbb' }],
    ] as const) {
      mkdirSync(path.join(root, id));
      for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, id, name), content);
    }
    mkdirSync(path.join(root, 'not-a-recording'));
    writeFileSync(path.join(root, 'not-a-recording', 'x'), 'x');

    expect(await migrateMedia(root, storage)).toEqual({ recordings: 2, copied: 4, skipped: 0, bytes: 4 + 7 + 2 + 6 });
    expect(await migrateMedia(root, storage)).toEqual({ recordings: 2, copied: 0, skipped: 4, bytes: 0 });
    // A changed file is copied again.
    writeFileSync(path.join(root, b, 'original'), 'bbbbbbbb');
    expect(await migrateMedia(root, storage)).toEqual({ recordings: 2, copied: 1, skipped: 3, bytes: 8 });
    const dir = await storage.workDir(b);
    expect(readFileSync(path.join(dir, 'original'), 'utf8')).toBe('bbbbbbbb');
    await storage.release(b, dir);
    expect(await storage.list('media/not-a-recording')).toEqual([]);

    // The command operators run: the same copy, with the counts on one line.
    // Not spawnSync: the stand-in answers from this process's event loop.
    const cli = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const p = spawn(process.execPath, [MIGRATE_CLI], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env } });
        let stdout = '';
        let stderr = '';
        p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        p.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const again = await cli(s3.env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe(
      `Media migrated from ${root} to bucket ${s3.config.bucket}: 2 recording(s), 0 file(s) copied (0 bytes), 4 already there`,
    );
    const local = await cli({});
    expect(local.status).toBe(1);
    expect(local.stderr.trim()).toBe('Configuration error: STORAGE must be s3 (with the S3_ settings) to migrate media into a bucket');
  });
});

describe('share link media from the bucket', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ mediaStorage: (config) => new S3MediaStorage(s3.config, path.join(config.dataDir, 'scratch')) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('redirects to an address that works for at most a minute, so revoking a link ends playback soon', async () => {
    const o = await makeOrg(t.db, { settings: { Public_Share_Links: true } });
    const rec = await insertDoneRecording(t.db, o.speaker, o.group.id, { results: fullResults(), playbackPath: 'audio.m4a' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'share-media-'));
    writeFileSync(path.join(dir, 'audio.m4a'), Buffer.alloc(2000, 3));
    await t.mediaStorage.save(rec.id, dir, ['audio.m4a']);
    const token = newSecret();
    await t.db.insert(shareLinks).values({
      recordingId: rec.id,
      createdBy: o.speaker.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}/media/audio` });
    expect(res.statusCode, res.body).toBe(302);
    const expires = Number(new URL(res.headers.location as string).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(60);
    expect((await fetch(res.headers.location as string)).status).toBe(200);
  });
});

describe('tus uploads into the bucket', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ mediaStorage: (config) => new S3MediaStorage(s3.config, path.join(config.dataDir, 'scratch')) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an upload started through one API node resumes through another and is stored as the original', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recordings',
      headers: { authorization: auth },
      payload: { title: 'Bucket upload', source: 'ui upload form' },
    });
    const { recordingId } = created.json().data;
    const bytes = readFileSync(speechWav());
    const tus = { 'tus-resumable': '1.0.0', authorization: auth };
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `recordingId ${Buffer.from(recordingId).toString('base64')}`,
      },
    });
    expect(c.statusCode).toBe(201);
    const half = Math.floor(bytes.length / 2);
    const p1 = await t.app.inject({
      method: 'PATCH',
      url: c.headers.location as string,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: bytes.subarray(0, half),
    });
    expect(p1.statusCode).toBe(204);
    expect(await (t.mediaStorage as S3MediaStorage).exists(`${recordingId}.info`)).toBe(true);

    // A second API node: its own app and S3 store (nothing cached), the same database and bucket.
    const nodeB = await buildApp({
      db: t.db,
      config: t.config,
      queue: t.queue,
      storage: new S3MediaStorage(s3.config, path.join(t.config.dataDir, 'scratch-b')),
      mediaSecret: TEST_MEDIA_SECRET,
      payments: null,
    });
    const head = await nodeB.inject({ method: 'HEAD', url: c.headers.location as string, headers: tus });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    const p2 = await nodeB.inject({
      method: 'PATCH',
      url: c.headers.location as string,
      headers: { ...tus, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      payload: bytes.subarray(half),
    });
    expect(p2.statusCode).toBe(204);
    await nodeB.close();

    const storage = t.mediaStorage as S3MediaStorage;
    const dir = await storage.workDir(recordingId);
    expect(readFileSync(path.join(dir, 'original')).equals(bytes)).toBe(true);
    await storage.release(recordingId, dir);
    // tus's objects are gone; the recording waits for its analysis.
    expect(await storage.exists(recordingId)).toBe(false);
    expect(await storage.exists(`${recordingId}.info`)).toBe(false);
    const rec = await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } });
    expect(rec.json().data.state).not.toBe('uploading');
  });

  it('expire-uploads removes a recording that waited a day for its file, with its objects in the bucket', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const tus = { 'tus-resumable': '1.0.0', authorization: auth };
    const ids: string[] = [];
    for (const title of ['Old', 'New']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/recordings',
        headers: { authorization: auth },
        payload: { title, source: 'ui upload form' },
      });
      const { recordingId } = created.json().data;
      const c = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...tus, 'upload-length': '2000', 'upload-metadata': `recordingId ${Buffer.from(recordingId).toString('base64')}` },
      });
      const p = await t.app.inject({
        method: 'PATCH',
        url: c.headers.location as string,
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.alloc(1000, 1),
      });
      expect(p.statusCode).toBe(204);
      ids.push(recordingId);
    }
    const [old, fresh] = ids as [string, string];
    await t.db
      .update(recordings)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(recordings.id, old));
    const storage = t.mediaStorage as S3MediaStorage;
    expect(await storage.exists(`${old}.info`)).toBe(true);
    const result = await handleExpireUploads({
      db: t.db,
      config: t.config,
      storage,
      log: pino({ level: 'silent' }),
      mailer: t.mailer,
    });
    expect(result.recordings).toBe(1);
    expect(await storage.exists(`${old}.info`)).toBe(false);
    expect(await storage.exists(`${old}.part`)).toBe(false);
    expect((await t.db.select().from(recordings).where(eq(recordings.id, old))).length).toBe(0);
    // The newer upload is untouched and still resumes.
    expect(await storage.exists(`${fresh}.info`)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/uploads/${fresh}`, headers: tus });
    expect(head.headers['upload-offset']).toBe('1000');
  });
});

describe('a worker with media in the bucket', () => {
  let t: TTestApp;
  let fileServer: http.Server;
  let fileBase = '';
  beforeAll(async () => {
    t = await startTestApp({
      worker: true,
      config: { urlFetchAllowHosts: ['127.0.0.1'] },
      mediaStorage: (config) => new S3MediaStorage(s3.config, path.join(config.dataDir, 'scratch')),
    });
    fileServer = http.createServer((_req, res) => {
      res.setHeader('content-type', 'audio/wav');
      res.end(readFileSync(speechWav()));
    });
    await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
    fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    fileServer?.close();
    await t?.close();
  });

  it('fetches a URL recording, stores the original, playback files and voice lanes, leaves no scratch copy, and deleting removes them', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recordings',
      headers: { authorization: auth },
      payload: { title: 'From a URL', source: 'ui url form', audio: `${fileBase}/talk.wav` },
    });
    expect(created.statusCode).toBe(200);
    const { recordingId } = created.json().data as { recordingId: string };
    let state = '';
    for (let i = 0; i < 120 && !['done', 'failed'].includes(state); i++) {
      await new Promise((r) => setTimeout(r, 500));
      state = (await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } })).json()
        .data.state;
    }
    expect(state).toBe('done');
    const storage = t.mediaStorage as S3MediaStorage;
    expect((await storage.list(`media/${recordingId}/`)).map((o) => o.key.split('/').pop()).sort()).toEqual([
      'audio.m4a',
      'lanes.json',
      'original',
      'peaks.json',
    ]);
    expect(readdirSync(path.join(t.config.dataDir, 'scratch'))).toEqual([]);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } });
    expect(del.statusCode).toBeLessThan(300);
    for (let i = 0; i < 40 && (await storage.list(`media/${recordingId}/`)).length; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await storage.list(`media/${recordingId}/`)).toEqual([]);
  }, 90_000);

  it('saves an unsaved take whose stop never arrived from the bytes in the bucket (its multipart upload completed)', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { captureId } = await createCapture(t, auth);
    const up = await startCaptureUpload(t, auth, captureId);
    const bytes = readFileSync(speechWebm());
    // Two PATCHes and no Upload-Length: the browser went away mid-take.
    expect((await up.patch(bytes.subarray(0, 20_000))).statusCode).toBe(204);
    expect((await up.patch(bytes.subarray(20_000))).statusCode).toBe(204);
    const storage = t.mediaStorage as S3MediaStorage;
    expect(await storage.exists(`${captureId}.info`)).toBe(true);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/live-captures/${captureId}/recording`,
      headers: { authorization: auth },
      payload: { title: 'Cut off' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { recordingId } = saved.json().data as { recordingId: string };
    let rec = { state: '', duration: 0 };
    for (let i = 0; i < 160 && !['done', 'failed'].includes(rec.state); i++) {
      await new Promise((r) => setTimeout(r, 500));
      rec = (await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } })).json().data;
    }
    expect(rec.state).toBe('done');
    expect(rec.duration).toBeGreaterThan(8);
    // The original in the bucket is every byte received; tus's objects and the probe's copy are gone.
    const dir = await storage.workDir(recordingId);
    expect(readFileSync(path.join(dir, 'original')).equals(bytes)).toBe(true);
    await storage.release(recordingId, dir);
    expect(await storage.exists(`${captureId}.info`)).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, 'scratch', `${captureId}.upload`))).toBe(false);
  }, 120_000);
});
