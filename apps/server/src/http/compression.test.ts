import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullResults } from '../test/results-fixtures.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../test/harness.js';

// The API's answers and the waveform's files go compressed to a client that accepts it (brotli,
// else gzip), with Vary: Accept-Encoding; small answers, media and Range answers go as they are.

let t: TTestApp;
let auth = '';
let recordingId = '';
/** Peaks as the analysis writes them: a long run of numbers (about 100 KB). */
const PEAKS = JSON.stringify({
  peaksPerSecond: 50,
  duration: 300,
  data: Array.from({ length: 15_000 }, (_, i) => Number(Math.sin(i / 7).toFixed(3))),
});
/** Bytes that do not compress, standing in for the AAC audio. */
const AUDIO = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 251));

beforeAll(async () => {
  t = await startTestApp();
  const { speaker, group } = await makeOrg(t.db);
  const r = await insertDoneRecording(t.db, speaker, group.id, {
    results: fullResults(),
    peaksPath: 'peaks.json',
    playbackPath: 'audio.m4a',
  });
  recordingId = r.id;
  const dir = await t.storage.ensureDir(r.id);
  await writeFile(path.join(dir, 'peaks.json'), PEAKS);
  await writeFile(path.join(dir, 'audio.m4a'), AUDIO);
  auth = await signInAs(t, speaker.email);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: auth, ...headers } });

async function recording() {
  return (await get(`/api/v1/recordings/${recordingId}?expand=tips,timestamped`)).json().data as { peaksUrl: string; playbackUrl: string };
}

describe('compressed answers', () => {
  it('sends a recording with its results in brotli, else gzip, and the same JSON as uncompressed', async () => {
    const url = `/api/v1/recordings/${recordingId}?expand=tips,timestamped`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The media addresses are signed per request (a new expiry each time): compare the rest.
    const withoutUrls = (body: Buffer) => JSON.parse(body.toString()).data.results;
    expect(withoutUrls(brotliDecompressSync(br.rawPayload))).toEqual(withoutUrls(plain.rawPayload));
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutUrls(gunzipSync(gz.rawPayload))).toEqual(withoutUrls(plain.rawPayload));
  });

  it('sends the stored peaks compressed, byte for byte the file', async () => {
    const { peaksUrl } = await recording();
    const res = await get(peaksUrl, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(PEAKS.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PEAKS);
  });

  it('leaves media, Range answers and small answers as they are', async () => {
    const { playbackUrl } = await recording();
    const audio = await get(playbackUrl, { 'accept-encoding': 'br, gzip' });
    expect(audio.headers['content-encoding']).toBeUndefined();
    expect(audio.rawPayload.equals(AUDIO)).toBe(true);
    const range = await get(playbackUrl, { 'accept-encoding': 'br, gzip', range: 'bytes=10-19' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.equals(AUDIO.subarray(10, 20))).toBe(true);
    const health = await get('/api/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ data: { ok: true } });
  });

  it('does not inflate a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
