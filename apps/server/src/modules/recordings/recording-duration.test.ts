import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG } from '@rostrum/contract';
import { recordings } from '../../db/schema.js';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// Browser recordings (MediaRecorder's WebM/Opus) carry no duration in their container. Their
// length is measured by decoding, stored, and held to the 15-minute limit like any other file.

/** Six seconds recorded by Chromium's MediaRecorder (see fixtures/record-mediarecorder-webm.mjs). */
const MEDIARECORDER_WEBM = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/mediarecorder-opus-6s.webm');

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ worker: true });
});
afterAll(async () => {
  await t?.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const api = (method: 'GET' | 'POST', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

async function uploadWebm(auth: string, bytes: Buffer) {
  const created = await api('POST', '/recordings', auth, { title: 'Browser take', source: 'ui record form', fileName: 'take.webm' });
  expect(created.statusCode, created.body).toBe(200);
  const { recordingId } = created.json().data as { recordingId: string };
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...TUS,
      authorization: auth,
      'upload-length': String(bytes.length),
      'upload-metadata': `recordingId ${b64(recordingId)},filename ${b64('take.webm')}`,
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

/** ffprobe's container duration: "N/A" for a MediaRecorder WebM. */
function containerDuration(file: string): string {
  return execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim();
}

describe('recordings whose container has no duration', () => {
  it('the fixture is what MediaRecorder writes: WebM/Opus without a duration in its container', () => {
    expect(containerDuration(MEDIARECORDER_WEBM)).toBe('N/A');
  });

  it('stores the decoded duration of a MediaRecorder WebM, at upload and after the analysis', async () => {
    const org = await makeOrg(t.db);
    const auth = await signInAs(t, org.speaker.email);
    const { recordingId, patch } = await uploadWebm(auth, readFileSync(MEDIARECORDER_WEBM));
    expect(patch.statusCode, patch.body).toBe(204);
    const [row] = await t.db.select({ duration: recordings.duration }).from(recordings).where(eq(recordings.id, recordingId));
    expect(row!.duration).toBeGreaterThan(5.5);
    expect(row!.duration).toBeLessThan(6.5);

    // The worker's playback step stores its own measurement: still the real length.
    const until = Date.now() + 90_000;
    let rec: { state: string; duration: number | null; playbackUrl: string | null };
    do {
      await new Promise((r) => setTimeout(r, 300));
      rec = (await api('GET', `/recordings/${recordingId}`, auth)).json().data;
    } while (!rec.playbackUrl && rec.state !== 'failed' && Date.now() < until);
    expect(rec.playbackUrl).not.toBeNull();
    expect(rec.duration).toBeGreaterThan(5.5);
    expect(rec.duration).toBeLessThan(6.5);
    // The list (and so its totals) shows it too.
    const list = (await api('GET', '/recordings', auth)).json().data as { recordingId: string; duration: number | null }[];
    expect(list.find((r) => r.recordingId === recordingId)?.duration).toBeGreaterThan(5.5);
  });

  it('refuses a WebM over 15 minutes long by its decoded length, with the spec message, and keeps nothing', async () => {
    // Sixteen minutes of the same browser recording, still without a container duration.
    const long = path.join(mkdtempSync(path.join(os.tmpdir(), 'rostrum-long-')), 'long.webm');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-stream_loop',
      '160',
      '-i',
      MEDIARECORDER_WEBM,
      '-c',
      'copy',
      '-f',
      'webm',
      '-live',
      '1',
      long,
    ]);
    expect(containerDuration(long)).toBe('N/A');

    const org = await makeOrg(t.db);
    const auth = await signInAs(t, org.speaker.email);
    const { recordingId, patch } = await uploadWebm(auth, readFileSync(long));
    expect(patch.statusCode, patch.body).toBe(400);
    expect(patch.json().errors[0]).toMatchObject({ message: INTAKE_MSG.tooLong, code: ERROR_CODES.recordingTooLong });
    expect(await t.db.select().from(recordings).where(eq(recordings.id, recordingId))).toEqual([]);
    expect(readdirSync(path.join(t.config.dataDir, 'uploads')).filter((f) => f.startsWith(recordingId))).toEqual([]);
    expect(existsSync(path.join(t.storage.root, recordingId))).toBe(false);
  });
});
