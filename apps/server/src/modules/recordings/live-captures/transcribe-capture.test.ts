import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeIntensity, decodePcm, detectVoiceActivity, type TInterval, type TTranscriber } from '@rostrum/analysis';
import { liveCaptures } from '../../../db/schema.js';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../../../test/harness.js';
import { createCapture, startCaptureUpload } from '../../../test/live-capture-client.js';
import { speechWebm } from '../../../test/media-fixtures.js';
import { CaptureBusyError, transcribeCapture } from './transcribe-capture.job.js';
import { TRANSCRIBE_CAPTURE } from './live-capture.jobs.js';

// The live transcription of a capture, driven step by step as the browser's bytes arrive, with
// a fake recogniser that records the windows it is given.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const log = pino({ level: 'silent' });
const deps = () => ({ db: t.db, storage: t.storage, log });

/** One fake word in the middle of each window; the windows in the order asked. */
function fakeRecogniser() {
  const windows: TInterval[] = [];
  const transcriber: TTranscriber = {
    name: 'fake',
    windowed: true,
    async transcribe(input) {
      const w = input.window!;
      windows.push(w);
      const mid = (w.from + w.to) / 2;
      return [{ text: `window${windows.length}`, start: mid, end: mid + 0.2, confidence: 1, isFiller: false }];
    },
  };
  return { transcriber, windows };
}

async function captureWithUpload() {
  const { speaker } = await makeOrg(t.db);
  const auth = await signInAs(t, speaker.email);
  const { captureId } = await createCapture(t, auth);
  const upload = await startCaptureUpload(t, auth, captureId);
  const patch = async (bytes: Buffer, total?: number) => {
    const res = await upload.patch(bytes, total);
    expect(res.statusCode, res.body).toBe(204);
  };
  return { auth, captureId, patch };
}

describe('transcribe-capture', () => {
  it('transcribes windows cut at pauses as the bytes arrive, covering the whole recording once', async () => {
    const file = speechWebm(4);
    const bytes = readFileSync(file);
    const { captureId, patch } = await captureWithUpload();
    const fake = fakeRecogniser();
    // The browser sends what it recorded every few seconds: here 12 pieces.
    const piece = Math.ceil(bytes.length / 12);
    const doneAfter: number[] = [];
    for (let at = 0; at < bytes.length; at += piece) {
      const last = at + piece >= bytes.length;
      await patch(bytes.subarray(at, at + piece), last ? bytes.length : undefined);
      await transcribeCapture(deps(), captureId, fake.transcriber);
      doneAfter.push(fake.windows.length);
    }
    const full = await decodePcm(file);
    const samples = full.channels[0]!;
    const end = samples.length / full.sampleRate;
    const speech = detectVoiceActivity(computeIntensity(samples, full.sampleRate, { minPitch: 100 })).speech;
    // Windows follow each other from 0 to the end, without gap or overlap.
    expect(fake.windows[0]!.from).toBe(0);
    for (let i = 1; i < fake.windows.length; i++) expect(fake.windows[i]!.from).toBe(fake.windows[i - 1]!.to);
    expect(fake.windows.at(-1)!.to).toBeCloseTo(end, 1);
    // Every cut but the end lies in a pause, and most were made before the last byte arrived.
    for (const w of fake.windows.slice(0, -1)) {
      expect(
        speech.some((s) => w.to > s.from + 0.02 && w.to < s.to - 0.02),
        `cut at ${w.to} is inside speech`,
      ).toBe(false);
      expect(w.to - w.from).toBeGreaterThanOrEqual(5);
      expect(w.to - w.from).toBeLessThanOrEqual(30);
    }
    expect(doneAfter.at(-2)!).toBeGreaterThanOrEqual(fake.windows.length - 2);
    expect(doneAfter[0]).toBe(0);
    const [row] = await t.db.select().from(liveCaptures).where(eq(liveCaptures.id, captureId));
    expect(row!.transcribedUntil).toBeCloseTo(end, 1);
    expect((row!.words as { text: string }[]).map((w) => w.text)).toEqual(fake.windows.map((_, i) => `window${i + 1}`));
    expect(row!.busyUntil).toBeNull();
    // Nothing left: another run does nothing.
    expect(await transcribeCapture(deps(), captureId, fake.transcriber)).toEqual([]);
  }, 120_000);

  it('leaves a capture another worker holds (tried again later), and does nothing for a discarded one', async () => {
    const { auth, captureId, patch } = await captureWithUpload();
    await patch(readFileSync(speechWebm(1)));
    await t.db
      .update(liveCaptures)
      .set({ busyUntil: new Date(Date.now() + 60_000) })
      .where(eq(liveCaptures.id, captureId));
    const fake = fakeRecogniser();
    await expect(transcribeCapture(deps(), captureId, fake.transcriber)).rejects.toBeInstanceOf(CaptureBusyError);
    expect(fake.windows).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/live-captures/${captureId}`, headers: { authorization: auth } });
    expect(del.statusCode).toBe(204);
    expect(await transcribeCapture(deps(), captureId, fake.transcriber)).toEqual([]);
  });

  it('queues one transcription per capture however many PATCHes arrive before it runs', async () => {
    const { captureId, patch } = await captureWithUpload();
    const bytes = readFileSync(speechWebm(1));
    const third = Math.ceil(bytes.length / 3);
    for (let at = 0; at < bytes.length; at += third) await patch(bytes.subarray(at, at + third));
    const rows = await t.db.execute<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = '${TRANSCRIBE_CAPTURE}' and state = 'created' and singleton_key = '${captureId}'` as never,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
