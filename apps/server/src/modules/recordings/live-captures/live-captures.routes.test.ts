import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG, LIVE_CAPTURES_PER_HOUR } from '@rostrum/contract';
import { liveCaptures, memberships, rateLimits, recordings } from '../../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../../test/harness.js';
import { createCapture as createCaptureAs, startCaptureUpload } from '../../../test/live-capture-client.js';
import { speechWebm } from '../../../test/media-fixtures.js';
import { uploadsDirOf } from '../../../storage/media-storage.js';

// Live capture: the capture, its tus upload with a deferred length, and POST recordings binding
// it before or after its last byte arrived.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ worker: true });
});
afterAll(async () => {
  await t?.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

function expectApiError(res: { statusCode: number; body: string }, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { errors: { status: number; message: string; code: string }[] };
  expect(body.errors[0]!.status).toBe(status);
  expect(typeof body.errors[0]!.message).toBe('string');
  if (code) expect(body.errors[0]!.code).toBe(code);
}

async function speaker() {
  const org = await makeOrg(t.db);
  return { ...org, auth: await signInAs(t, org.speaker.email) };
}

const createCapture = (auth: string) => createCaptureAs(t, auth);
const startUpload = (auth: string, captureId: string) => startCaptureUpload(t, auth, captureId);

/** Uploads the whole file in `pieces` PATCHes, the last one declaring the length. */
async function uploadAll(auth: string, captureId: string, bytes: Buffer, pieces = 4) {
  const up = await startUpload(auth, captureId);
  const size = Math.ceil(bytes.length / pieces);
  let res = null;
  for (let at = 0; at < bytes.length; at += size) {
    const last = at + size >= bytes.length;
    res = await up.patch(bytes.subarray(at, at + size), last ? bytes.length : undefined);
    if (res.statusCode !== 204) return res;
  }
  return res!;
}

async function saveRecording(auth: string, captureId: string, over: Record<string, unknown> = {}) {
  return api('POST', '/recordings', auth, { title: 'Live talk', source: 'ui record form', fileName: 'recording.webm', captureId, ...over });
}

async function waitForState(auth: string, id: string, states: string[], timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rec = (await api('GET', `/recordings/${id}?expand=timestamped`, auth)).json().data;
    if (states.includes(rec.state)) return rec;
    if (Date.now() > until) throw new Error(`recording stayed ${rec.state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const uploadFile = (id: string) => path.join(uploadsDirOf(t.config.dataDir), id);

describe('POST and DELETE live-captures', () => {
  it('creates a capture for a speaker and discards it with its bytes', async () => {
    const { auth } = await speaker();
    const { captureId, uploadUrl } = await createCapture(auth);
    expect(uploadUrl).toBe('/api/v1/uploads');
    const up = await startUpload(auth, captureId);
    expect((await up.patch(Buffer.from('some bytes'))).statusCode).toBe(204);
    expect(existsSync(uploadFile(captureId))).toBe(true);
    const del = await api('DELETE', `/live-captures/${captureId}`, auth);
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    expect(existsSync(uploadFile(captureId))).toBe(false);
    expect(await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId))).toEqual([]);
    expectApiError(await api('DELETE', `/live-captures/${captureId}`, auth), 404, ERROR_CODES.liveCaptureNotFound);
  });

  it("answers 404 for another user's or organisation's capture, and for their uploads", async () => {
    const owner = await speaker();
    const { captureId } = await createCapture(owner.auth);
    // A speaker of the same group, and one of another organisation.
    const peer = await addMember(t.db, owner.org.id, owner.group.id, ['speaker']);
    const other = await speaker();
    for (const auth of [await signInAs(t, peer.email), other.auth]) {
      expectApiError(await api('DELETE', `/live-captures/${captureId}`, auth), 404, ERROR_CODES.liveCaptureNotFound);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, authorization: auth, 'upload-defer-length': '1', 'upload-metadata': `captureId ${b64(captureId)}` },
      });
      expectApiError(created, 404);
      expectApiError(await saveRecording(auth, captureId), 404, ERROR_CODES.liveCaptureNotFound);
    }
    // The owner's upload, then another user trying to read or append to it.
    const up = await startUpload(owner.auth, captureId);
    const head = await t.app.inject({ method: 'HEAD', url: up.location, headers: { ...TUS, authorization: other.auth } });
    expect(head.statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: up.location,
      headers: { ...TUS, authorization: other.auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('x'),
    });
    expectApiError(patch, 404);
    expect((await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId))).length).toBe(1);
  });

  it('refuses a caller who may not record, and bad bodies, in the error shape', async () => {
    const { auth, speaker: user, group } = await speaker();
    expectApiError(await api('POST', '/live-captures', auth, { title: 'x' }), 400);
    expectApiError(await api('POST', '/live-captures', auth, []), 400);
    expectApiError(await t.app.inject({ method: 'POST', url: '/api/v1/live-captures', payload: {} }), 401);
    expectApiError(await api('DELETE', '/live-captures/not-a-uuid', auth), 400);
    // No active speaker membership: no recording, so no capture.
    await t.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.userId, user.id));
    expectApiError(await api('POST', '/live-captures', auth, {}), 403, ERROR_CODES.recordingNeedsSpeaker);
    const coach = await signInAs(t, (await makeOrg(t.db)).coach.email);
    expectApiError(await api('POST', '/live-captures', coach, {}), 403, ERROR_CODES.recordingNeedsSpeaker);
    expect(group.id).toBeTruthy();
  });
});

describe('the hourly limit', () => {
  it(`answers 429 once a user started ${LIVE_CAPTURES_PER_HOUR} captures in the hour, and only for that user`, async () => {
    const { auth, speaker: user, org, group } = await speaker();
    await t.db.insert(rateLimits).values({ key: `live-capture:user:${user.id}`, hits: LIVE_CAPTURES_PER_HOUR - 1 });
    await createCapture(auth);
    expectApiError(await api('POST', '/live-captures', auth, {}), 429, ERROR_CODES.rateLimited);
    const peer = await addMember(t.db, org.id, group.id, ['speaker']);
    await createCapture(await signInAs(t, peer.email));
  });
});

describe('tus upload with a deferred length', () => {
  it('takes the bytes in several PATCHes, reports the offset and completes with Upload-Length', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(auth);
    const up = await startUpload(auth, captureId);
    expect(up.location).toMatch(new RegExp(`/api/v1/uploads/${captureId}$`));
    const bytes = readFileSync(speechWebm());
    const third = Math.floor(bytes.length / 3);
    expect((await up.patch(bytes.subarray(0, third))).statusCode).toBe(204);
    expect((await up.patch(bytes.subarray(third, 2 * third))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: up.location, headers: { ...TUS, authorization: auth } });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(2 * third);
    expect(head.headers['upload-defer-length']).toBe('1');
    expect((await up.patch(bytes.subarray(2 * third), bytes.length)).statusCode).toBe(204);
    const [row] = await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId));
    expect(row!.complete).toBe(true);
    // Kept until it is saved (or discarded).
    expect(readFileSync(uploadFile(captureId)).equals(bytes)).toBe(true);
  });

  it('refuses metadata naming both a recording and a capture, or neither', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(auth);
    for (const meta of [`captureId ${b64(captureId)},recordingId ${b64(randomUUID())}`, `filename ${b64('a.webm')}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, authorization: auth, 'upload-defer-length': '1', 'upload-metadata': meta },
      });
      expectApiError(res, 400, ERROR_CODES.uploadInvalid);
    }
  });
});

describe('POST recordings with a captureId', () => {
  it('analyses a capture saved after its upload completed', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(auth);
    expect((await uploadAll(auth, captureId, readFileSync(speechWebm()))).statusCode).toBe(204);
    const res = await saveRecording(auth, captureId);
    expect(res.statusCode, res.body).toBe(200);
    const { recordingId, uploadUrl } = res.json().data;
    expect(uploadUrl).toBeNull();
    const rec = await waitForState(auth, recordingId, ['done', 'failed']);
    expect(rec.state, rec.failedReason).toBe('done');
    expect(rec.title).toBe('Live talk');
    expect(rec.duration).toBeGreaterThan(5);
    expect(existsSync(uploadFile(captureId))).toBe(false);
    expectApiError(await saveRecording(auth, captureId), 409, ERROR_CODES.liveCaptureBound);
    expectApiError(await api('DELETE', `/live-captures/${captureId}`, auth), 409, ERROR_CODES.liveCaptureBound);
  }, 120_000);

  it('waits for a capture saved while it still uploads, and its last byte finishes it', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(auth);
    const bytes = readFileSync(speechWebm());
    const up = await startUpload(auth, captureId);
    const half = Math.floor(bytes.length / 2);
    expect((await up.patch(bytes.subarray(0, half))).statusCode).toBe(204);
    const res = await saveRecording(auth, captureId);
    expect(res.statusCode, res.body).toBe(200);
    const { recordingId } = res.json().data;
    expect((await api('GET', `/recordings/${recordingId}`, auth)).json().data.state).toBe('uploading');
    expect((await up.patch(bytes.subarray(half), bytes.length)).statusCode).toBe(204);
    const rec = await waitForState(auth, recordingId, ['done', 'failed']);
    expect(rec.state, rec.failedReason).toBe('done');
  }, 120_000);

  it('refuses content ffprobe does not accept with 415 and keeps nothing, saved before or after the last byte', async () => {
    const junk = Buffer.from('not audio at all, only words\n'.repeat(40));
    for (const saveFirst of [false, true]) {
      const { auth } = await speaker();
      const { captureId } = await createCapture(auth);
      let recordingId: string | null = null;
      if (saveFirst) {
        const saved = await saveRecording(auth, captureId);
        expect(saved.statusCode).toBe(200);
        recordingId = saved.json().data.recordingId;
        const res = await uploadAll(auth, captureId, junk, 2);
        expectApiError(res, 415, ERROR_CODES.recordingInvalidFiletype);
        expect(JSON.parse(res.body).errors[0].message).toBe(INTAKE_MSG.invalidFileType);
      } else {
        expect((await uploadAll(auth, captureId, junk, 2)).statusCode).toBe(204);
        const res = await saveRecording(auth, captureId);
        expectApiError(res, 415, ERROR_CODES.recordingInvalidFiletype);
      }
      expect(await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId))).toEqual([]);
      if (recordingId) expect(await t.db.select().from(recordings).where(eq(recordings.id, recordingId))).toEqual([]);
      expect((await api('GET', '/recordings', auth)).json().data).toEqual([]);
      expect(existsSync(uploadFile(captureId))).toBe(false);
    }
  });

  it('transcribes the capture in the worker while it uploads, and the analysis uses that transcript', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(auth);
    const bytes = readFileSync(speechWebm(2));
    expect((await uploadAll(auth, captureId, bytes, 6)).statusCode).toBe(204);
    // The worker (transcribe-capture jobs queued by the PATCHes) transcribes up to the end.
    const until = Date.now() + 90_000;
    let row = (await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId)))[0]!;
    while ((row.transcribedUntil < 20 || row.busyUntil) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      row = (await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId)))[0]!;
    }
    expect(row.transcribedUntil).toBeGreaterThan(20);
    expect(row.words.length).toBeGreaterThan(10);
    // Marked words in place of the live transcript: the results must show them, not a new transcript.
    const marked = (row.words as { start: number; end: number }[]).map((w, i) => ({ ...w, text: `marker${i}` }));
    await t.db.update(liveCaptures).set({ words: marked }).where(eq(liveCaptures.id, captureId));
    const { recordingId } = (await saveRecording(auth, captureId)).json().data;
    const rec = await waitForState(auth, recordingId, ['done', 'failed']);
    expect(rec.state, rec.failedReason).toBe('done');
    const texts = (rec.results.diarizedTranscript as { text: string; isPunctuation: boolean }[])
      .filter((w) => !w.isPunctuation)
      .map((w) => w.text.toLowerCase());
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.every((w) => w.startsWith('marker'))).toBe(true);
  }, 180_000);

  it('checks everything else as for any recording', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(auth);
    expectApiError(await saveRecording(auth, captureId, { title: '' }), 400);
    expectApiError(await saveRecording(auth, captureId, { groupId: randomUUID() }), 403);
    expectApiError(await saveRecording(auth, 'nope'), 400);
    expectApiError(await saveRecording(auth, randomUUID()), 404, ERROR_CODES.liveCaptureNotFound);
    // Nothing was bound by the refusals.
    const [row] = await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId));
    expect(row!.recordingId).toBeNull();
  });
});
