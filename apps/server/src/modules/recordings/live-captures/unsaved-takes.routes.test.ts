import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG, LIVE_CAPTURES_PER_USER, UNSAVED_TAKE_KEEP_MS, ZUnsavedTakeListSchema } from '@rostrum/contract';
import { liveCaptures } from '../../../db/schema.js';
import { addMember, apiCaller, insertAssignment, makeOrg, signInAs, startTestApp, type TTestApp } from '../../../test/harness.js';
import { createCapture, startCaptureUpload } from '../../../test/live-capture-client.js';
import { speechWebm } from '../../../test/media-fixtures.js';
import { uploadsDirOf } from '../../../storage/media-storage.js';

// Unsaved takes: a live capture its owner has neither saved nor discarded is kept, listed to its
// owner alone (GET live-captures), saved from what reached the server (also without a stop:
// a crashed browser, a phone gone to sleep) or discarded with its bytes.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ worker: true });
});
afterAll(async () => {
  await t?.close();
});

const api = apiCaller(() => t);
const uploadFile = (id: string) => path.join(uploadsDirOf(t.config.dataDir), id);

function expectApiError(res: { statusCode: number; body: string }, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { errors: { status: number; message: string; code: string }[] };
  expect(body.errors[0]!.status).toBe(status);
  if (code) expect(body.errors[0]!.code).toBe(code);
  return body.errors[0]!;
}

async function speaker() {
  const org = await makeOrg(t.db, { settings: { Assignments: true } });
  return { ...org, auth: await signInAs(t, org.speaker.email) };
}

const list = async (auth: string) => {
  const res = await api('GET', '/live-captures', auth);
  expect(res.statusCode, res.body).toBe(200);
  return ZUnsavedTakeListSchema.parse(res.json().data);
};

/** Sends the bytes in two PATCHes; with `stop` the last declares the length (the browser's Stop). */
async function upload(auth: string, captureId: string, bytes: Buffer, stop: boolean) {
  const up = await startCaptureUpload(t, auth, captureId);
  const half = Math.floor(bytes.length / 2);
  expect((await up.patch(bytes.subarray(0, half))).statusCode).toBe(204);
  expect((await up.patch(bytes.subarray(half), stop ? bytes.length : undefined)).statusCode).toBe(204);
}

async function waitForState(auth: string, id: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rec = (await api('GET', `/recordings/${id}`, auth)).json().data;
    if (rec.state === 'done' || rec.state === 'failed') return rec;
    if (Date.now() > until) throw new Error(`recording stayed ${rec.state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * The speech as a browser's MediaRecorder writes it: WebM/Opus streamed, with no duration or cues
 * in its header (the muxer's live mode), so a cut-off file is just shorter.
 */
function browserWebm(seconds?: number): string {
  const file = path.join(os.tmpdir(), 'rostrum-server-fixtures', `speech-live-${seconds ?? 'all'}.webm`);
  if (!existsSync(file)) {
    const cut = seconds ? ['-t', String(seconds)] : [];
    const bytes = execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-i',
      speechWebm(),
      ...cut,
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-live',
      '1',
      '-f',
      'webm',
      'pipe:1',
    ]);
    writeFileSync(file, bytes);
  }
  return file;
}
const shortWebm = () => browserWebm(3);

const save = (auth: string, captureId: string, body: Record<string, unknown> = { title: 'Recovered take' }) =>
  api('POST', `/live-captures/${captureId}/recording`, auth, body);

describe('GET live-captures', () => {
  it("lists the caller's unsaved takes only, newest first, with what Save it needs", async () => {
    const owner = await speaker();
    const { assignment } = await insertAssignment(t.db, { id: owner.coach.id, orgId: owner.org.id }, owner.group.id, {
      name: 'Elevator Pitch',
    });
    const first = await createCapture(t, owner.auth);
    await upload(owner.auth, first.captureId, readFileSync(speechWebm()), true);
    const res = await api('POST', '/live-captures', owner.auth, { assignmentId: assignment.id });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json().data as { captureId: string };
    // Saved takes are recordings, not unsaved takes.
    const saved = await createCapture(t, owner.auth);
    expect(
      (await api('POST', '/recordings', owner.auth, { title: 'Kept', source: 'ui record form', captureId: saved.captureId })).statusCode,
    ).toBe(200);

    const takes = await list(owner.auth);
    expect(takes.map((x) => x.captureId)).toEqual([second.captureId, first.captureId]);
    const [newest, older] = takes;
    expect(newest!.assignment).toEqual({ assignmentId: assignment.id, name: 'Elevator Pitch' });
    expect(newest!.stopped).toBe(false);
    expect(older!.assignment).toBeNull();
    expect(older!.stopped).toBe(true);
    expect(older!.needs).toEqual(['title']);
    const started = Date.parse(older!.startedAt);
    expect(Math.abs(started - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(older!.expiresAt) - started).toBe(UNSAVED_TAKE_KEEP_MS);
    // The live job measures what arrived (about ten seconds of speech).
    const until = Date.now() + 60_000;
    let seconds = older!.receivedSeconds;
    while (seconds === null && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      seconds = (await list(owner.auth)).find((x) => x.captureId === first.captureId)!.receivedSeconds;
    }
    expect(seconds).toBeGreaterThan(8);
    expect(seconds).toBeLessThan(15);

    // Another speaker of the same group, and a speaker of another organisation, see none of them.
    const peer = await addMember(t.db, owner.org.id, owner.group.id, ['speaker']);
    expect(await list(await signInAs(t, peer.email))).toEqual([]);
    expect(await list((await speaker()).auth)).toEqual([]);
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/v1/live-captures' }), 401);
  }, 120_000);

  it(`refuses a capture beyond ${LIVE_CAPTURES_PER_USER} unsaved ones instead of dropping the oldest`, async () => {
    const { auth } = await speaker();
    const ids: string[] = [];
    for (let i = 0; i < LIVE_CAPTURES_PER_USER; i++) ids.push((await createCapture(t, auth)).captureId);
    expectApiError(await api('POST', '/live-captures', auth, {}), 409, ERROR_CODES.liveCaptureLimit);
    expect((await list(auth)).map((x) => x.captureId).sort()).toEqual([...ids].sort());
    // Discarding one makes room.
    expect((await api('DELETE', `/live-captures/${ids[0]}`, auth)).statusCode).toBe(204);
    await createCapture(t, auth);
  });
});

describe('POST live-captures/{id}/recording (Save it) and DELETE (Discard)', () => {
  it('saves a stopped take exactly as the Save form does, and it leaves the list', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(t, auth);
    await upload(auth, captureId, readFileSync(speechWebm()), true);
    const res = await save(auth, captureId);
    expect(res.statusCode, res.body).toBe(200);
    const { recordingId } = res.json().data as { recordingId: string };
    const rec = await waitForState(auth, recordingId);
    expect(rec.state, rec.failedReason).toBe('done');
    expect(rec.title).toBe('Recovered take');
    expect(rec.source).toBe('ui record form');
    expect(rec.fileName).toBe('recording.webm');
    expect(await list(auth)).toEqual([]);
    expectApiError(await save(auth, captureId), 409, ERROR_CODES.liveCaptureBound);
  }, 120_000);

  it('saves a take whose stop never arrived from the bytes the server received', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(t, auth);
    const bytes = readFileSync(browserWebm());
    // The browser crashed after two thirds of the take: no Upload-Length ever came.
    const up = await startCaptureUpload(t, auth, captureId);
    expect((await up.patch(bytes.subarray(0, Math.floor((bytes.length * 2) / 3)))).statusCode).toBe(204);
    expect((await list(auth))[0]!.stopped).toBe(false);
    const res = await save(auth, captureId);
    expect(res.statusCode, res.body).toBe(200);
    const rec = await waitForState(auth, res.json().data.recordingId);
    expect(rec.state, rec.failedReason).toBe('done');
    expect(rec.duration).toBeGreaterThan(5);
    expect(rec.duration).toBeLessThan(10);
    expect(existsSync(uploadFile(captureId))).toBe(false);
    expect(await list(auth)).toEqual([]);
  }, 120_000);

  it('applies the rules of Save: the 5 s minimum, the title, the group; a refusal keeps the take', async () => {
    const { auth } = await speaker();
    const short = await createCapture(t, auth);
    await upload(auth, short.captureId, readFileSync(shortWebm()), false);
    const err = expectApiError(await save(auth, short.captureId), 400, ERROR_CODES.recordingTooShort);
    expect(err.message).toBe(INTAKE_MSG.tooShort(3));
    // Nothing reached the server: no audio, so nothing to save.
    const empty = await createCapture(t, auth);
    expect(expectApiError(await save(auth, empty.captureId), 400, ERROR_CODES.recordingTooShort).message).toBe(INTAKE_MSG.tooShort(0));

    const ok = await createCapture(t, auth);
    await upload(auth, ok.captureId, readFileSync(speechWebm()), false);
    expectApiError(await save(auth, ok.captureId, { title: '' }), 400);
    expectApiError(await save(auth, ok.captureId, { title: 'x', groupId: randomUUID() }), 403, ERROR_CODES.recordingNeedsSpeaker);
    expectApiError(await save(auth, ok.captureId, { title: 'x', source: 'ui url form' }), 400);
    expect((await list(auth)).map((x) => x.captureId).sort()).toEqual([short.captureId, empty.captureId, ok.captureId].sort());
    const [row] = await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, ok.captureId));
    expect(row!.recordingId).toBeNull();
  }, 120_000);

  it('discards a take with its bytes, and it leaves the list', async () => {
    const { auth } = await speaker();
    const { captureId } = await createCapture(t, auth);
    await upload(auth, captureId, readFileSync(speechWebm()), false);
    expect((await api('DELETE', `/live-captures/${captureId}`, auth)).statusCode).toBe(204);
    expect(existsSync(uploadFile(captureId))).toBe(false);
    expect(await list(auth)).toEqual([]);
  });

  it('answers 404 to anyone but the owner, in the same organisation or another, and changes nothing', async () => {
    const owner = await speaker();
    const { captureId } = await createCapture(t, owner.auth);
    await upload(owner.auth, captureId, readFileSync(speechWebm()), false);
    const peer = await addMember(t.db, owner.org.id, owner.group.id, ['speaker']);
    const others = [
      await signInAs(t, peer.email),
      await signInAs(t, owner.coach.email),
      await signInAs(t, owner.admin.email),
      (await speaker()).auth,
    ];
    for (const auth of others) {
      expectApiError(await save(auth, captureId), 404, ERROR_CODES.liveCaptureNotFound);
      expectApiError(await api('DELETE', `/live-captures/${captureId}`, auth), 404, ERROR_CODES.liveCaptureNotFound);
    }
    // An id that does not exist answers the same.
    expectApiError(await save(owner.auth, randomUUID()), 404, ERROR_CODES.liveCaptureNotFound);
    expectApiError(await save(owner.auth, 'not-a-uuid'), 400);
    expect((await list(owner.auth)).map((x) => x.captureId)).toEqual([captureId]);
    expect(existsSync(uploadFile(captureId))).toBe(true);
  });
});
