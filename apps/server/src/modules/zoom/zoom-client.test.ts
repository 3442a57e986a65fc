import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOOM_STAND_IN_CLIENT_ID, ZOOM_STAND_IN_CLIENT_SECRET, ZoomStandIn } from '../../test/zoom-stand-in.js';
import { meetingPathId, retryAfterMs, ZoomClient, ZoomError } from './zoom-client.js';

let zoom: ZoomStandIn;
let client: ZoomClient;
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'zoom-client-'));
const waits: number[] = [];

beforeAll(async () => {
  zoom = new ZoomStandIn();
  await zoom.start();
  zoom.media = randomBytes(64 * 1024);
  zoom.meetings = ZoomStandIn.meetingsOf(1, { size: zoom.media.length });
  client = new ZoomClient(
    {
      clientId: ZOOM_STAND_IN_CLIENT_ID,
      clientSecret: ZOOM_STAND_IN_CLIENT_SECRET,
      tokenKey: randomBytes(32),
      apiBase: `${zoom.baseUrl}/v2`,
      oauthBase: zoom.baseUrl,
    },
    { sleep: async (ms) => void waits.push(ms) },
  );
  token = (await client.exchangeCode(zoom.issueCode('http://app.test/zoom-loading'), 'http://app.test/zoom-loading')).accessToken;
});
afterAll(() => zoom.close());

describe('ZoomClient', () => {
  const url = () => `${zoom.baseUrl}/rec/download/file-0-audio_only`;

  it('streams a download to a file', async () => {
    const dest = path.join(dir, 'whole');
    expect(await client.download(token, url(), dest, { maxBytes: 1 << 20, timeoutMs: 5000 })).toBe(zoom.media.length);
    expect(statSync(dest).size).toBe(zoom.media.length);
  });

  it('stops at the size limit and keeps nothing', async () => {
    const dest = path.join(dir, 'big');
    const err = await client.download(token, url(), dest, { maxBytes: 1000, timeoutMs: 5000 }).catch((e) => e);
    expect(err).toBeInstanceOf(ZoomError);
    expect((err as ZoomError).kind).toBe('too_large');
    expect(existsSync(dest)).toBe(false);
  });

  it('reports a download that breaks off and keeps nothing', async () => {
    zoom.breakDownloads = 1;
    const dest = path.join(dir, 'broken');
    const err = await client.download(token, url(), dest, { maxBytes: 1 << 20, timeoutMs: 5000 }).catch((e) => e);
    expect((err as ZoomError).kind).toBe('download_failed');
    expect(existsSync(dest)).toBe(false);
  });

  it("sends the token only to Zoom's addresses", async () => {
    expect(client.isZoomAddress(url())).toBe(true);
    expect(client.isZoomAddress('https://us06web.zoom.us/rec/download/abc')).toBe(true);
    for (const bad of [
      'http://us06web.zoom.us/rec/x',
      'https://zoom.us.evil.example/rec',
      'https://evilzoom.us/rec',
      'http://127.0.0.1:1/x',
      'nonsense',
    ])
      expect(client.isZoomAddress(bad)).toBe(false);
    const dest = path.join(dir, 'elsewhere');
    const err = await client.download(token, 'https://attacker.example/file', dest, { maxBytes: 1 << 20, timeoutMs: 5000 }).catch((e) => e);
    expect((err as ZoomError).kind).toBe('download_failed');
    expect(existsSync(dest)).toBe(false);
  });

  it('backs off on 5xx and honours Retry-After on 429', async () => {
    waits.length = 0;
    zoom.failNext('/v2/users/me/recordings', 502, 2);
    zoom.failNext('/v2/users/me/recordings', 429, 1, '2');
    const page = await client.listRecordings(token, { from: '2000-01-01', to: '2100-01-01', pageSize: 30 });
    expect(page.meetings).toHaveLength(1);
    expect(waits).toEqual([250, 500, 2000]);
  });

  it('refuses a refresh token Zoom no longer honours as invalid_grant', async () => {
    const err = await client.refresh('rt_unknown').catch((e) => e);
    expect((err as ZoomError).kind).toBe('invalid_grant');
  });

  it("reads Retry-After and encodes Zoom's awkward meeting UUIDs twice", () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(meetingPathId('abc==')).toBe('abc%3D%3D');
    expect(meetingPathId('/ab//cd==')).toBe(encodeURIComponent(encodeURIComponent('/ab//cd==')));
  });
});
