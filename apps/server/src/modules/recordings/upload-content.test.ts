import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG } from '@rostrum/contract';
import { recordings } from '../../db/schema.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { mediaReferencingFiles, speechM4a } from '../../test/media-fixtures.js';

// A text playlist saved as talk.mp3 used to pass the content check: ffmpeg followed its entries
// into another organisation's recording. Only real media containers are accepted now, for
// uploads and for URL intake, and nothing of a refused file is kept.

let t: TTestApp;
let fileServer: http.Server;
let fileBase: string;
let served = '';
/** Another organisation's finished recording, with its real audio in the media folder. */
let victim: { id: string; audio: string };

beforeAll(async () => {
  t = await startTestApp({ worker: true, config: { urlFetchAllowHosts: ['127.0.0.1'] } });
  const other = await makeOrg(t.db);
  const rec = await insertDoneRecording(t.db, { id: other.speaker.id, orgId: other.org.id }, other.group.id, { playbackPath: 'audio.m4a' });
  const audio = path.join(await t.storage.ensureDir(rec.id), 'audio.m4a');
  copyFileSync(speechM4a(), audio);
  victim = { id: rec.id, audio };
  fileServer = http.createServer((_req, res) => res.end(served));
  await new Promise<void>((r) => fileServer.listen(0, '127.0.0.1', r));
  fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => fileServer.close(() => r()));
  await t?.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function uploadAs(auth: string, fileName: string, bytes: Buffer) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/recordings',
    headers: { authorization: auth },
    payload: { title: 'My talk', source: 'ui upload form', fileName },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { recordingId } = created.json().data as { recordingId: string };
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...TUS,
      authorization: auth,
      'upload-length': String(bytes.length),
      'upload-metadata': `recordingId ${b64(recordingId)},filename ${b64(fileName)}`,
    },
  });
  expect(post.statusCode, post.body).toBe(201);
  const patch = await t.app.inject({
    method: 'PATCH',
    url: post.headers.location as string,
    headers: { ...TUS, authorization: auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  return { recordingId, patch };
}

async function expectNothingKept(recordingId: string) {
  expect(await t.db.select().from(recordings).where(eq(recordings.id, recordingId))).toEqual([]);
  expect(readdirSync(path.join(t.config.dataDir, 'uploads')).filter((f) => f.startsWith(recordingId))).toEqual([]);
  expect(existsSync(path.join(t.storage.root, recordingId))).toBe(false);
}

describe('uploads that make ffmpeg read other files are refused', () => {
  // The upload lies in DATA_DIR/uploads/<id>: ../media/<id>/audio.m4a is the other recording.
  const targets = () => ({ relative: `../media/${victim.id}/audio.m4a`, absolute: victim.audio });

  for (const kind of ['HLS playlist', 'ffconcat script', 'concat file list', 'SDP description']) {
    for (const form of ['relative', 'absolute'] as const) {
      it(`refuses ${/^(HLS|SDP|ff)/.test(kind) ? 'an' : 'a'} ${kind} saved as talk.mp3 (${form} entry): 415, nothing kept`, async () => {
        const { speaker } = await makeOrg(t.db);
        const auth = await signInAs(t, speaker.email);
        const text = mediaReferencingFiles(targets()[form])[kind]!;
        const { recordingId, patch } = await uploadAs(auth, 'talk.mp3', Buffer.from(text));
        expect(patch.statusCode, patch.body).toBe(415);
        expect(patch.headers['content-type']).toMatch(/^application\/json/);
        expect(patch.json()).toEqual({
          errors: [{ message: INTAKE_MSG.invalidFileType, status: 415, code: ERROR_CODES.recordingInvalidFiletype }],
        });
        await expectNothingKept(recordingId);
        expect((await t.app.inject({ method: 'GET', url: '/api/v1/recordings', headers: { authorization: auth } })).json().data).toEqual(
          [],
        );
      });
    }
  }

  it('still takes a real M4A', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId, patch } = await uploadAs(auth, 'talk.m4a', readFileSync(speechM4a()));
    expect(patch.statusCode, patch.body).toBe(204);
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, recordingId));
    expect(row?.status).not.toBe('uploading');
  });
});

describe('URL intake applies the same content check', () => {
  it('marks a recording whose URL serves a playlist failed, with the invalid-filetype reason, and keeps no file', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    // Fetched to DATA_DIR/media/<id>/original: ../<victim>/audio.m4a is the other recording.
    served = mediaReferencingFiles(`../${victim.id}/audio.m4a`)['HLS playlist']!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recordings',
      headers: { authorization: auth },
      payload: { title: 'Linked talk', source: 'ui url form', audio: `${fileBase}/talk.mp3` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { recordingId } = res.json().data as { recordingId: string };
    const until = Date.now() + 60_000;
    let rec = (await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } })).json()
      .data;
    while (!['done', 'failed'].includes(rec.state) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      rec = (await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } })).json().data;
    }
    expect(rec.state).toBe('failed');
    expect(rec.failedReason).toBe(INTAKE_MSG.invalidFileType);
    expect(rec.failedCode).toBe('invalidFileType');
    expect(rec.playbackUrl).toBeNull();
    expect(existsSync(path.join(t.storage.root, recordingId))).toBe(false);
  }, 90_000);
});
