import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG, ZOOM_MSG } from '@rostrum/contract';
import type { TZoomConfig } from '../../config.js';
import { organisations, recordings, zoomConnections, zoomOauthStates } from '../../db/schema.js';
import { uploadsDirOf } from '../../storage/media-storage.js';
import { insertAssignment, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { speechWav } from '../../test/media-fixtures.js';
import { ZOOM_STAND_IN_CLIENT_ID, ZOOM_STAND_IN_CLIENT_SECRET, ZoomStandIn } from '../../test/zoom-stand-in.js';
import { MAX_ZOOM_STATES } from './zoom.repository.js';

// The Zoom import against a local Zoom stand-in: linking by OAuth (state bound to the user,
// used once), the recordings list (15-day window, 100 meetings, truncation, empty), token
// refresh and a revoked grant, retries on 429 and 5xx, and the import itself (validation,
// permissions, a download that breaks, the size limit). Tokens never leave the server.

let t: TTestApp;
let zoom: ZoomStandIn;
let org: Awaited<ReturnType<typeof makeOrg>>;
let speaker: string;
let coach: string;

type TBody = { data?: unknown; errors?: { message: string; status: number; code: string }[] };
const bodies: string[] = [];

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, auth: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
  bodies.push(res.body);
  return { status: res.statusCode, body: res.json() as TBody };
}
const data = <T>(r: { body: TBody }) => r.body.data as T;
const code = (r: { body: TBody }) => r.body.errors?.[0]?.code;

/** The browser's round trip: our authorise address, the stand-in's Allow link, back to /zoom-loading. */
async function authorize(auth: string): Promise<{ code: string; state: string }> {
  const started = await call('POST', '/zoom/authorization', auth);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { authorizeUrl } = data<{ authorizeUrl: string }>(started);
  expect(authorizeUrl.startsWith(`${zoom.baseUrl}/oauth/authorize?`)).toBe(true);
  expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe('http://rostrum.test/zoom-loading');
  const page = await (await fetch(authorizeUrl)).text();
  const href = /id="allow" href="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
  const back = new URL(href);
  expect(back.pathname).toBe('/zoom-loading');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function link(auth: string) {
  const linked = await call('POST', '/zoom/connection', auth, await authorize(auth));
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
}

function zoomConfig(): TZoomConfig {
  return {
    clientId: ZOOM_STAND_IN_CLIENT_ID,
    clientSecret: ZOOM_STAND_IN_CLIENT_SECRET,
    tokenKey: randomBytes(32),
    apiBase: `${zoom.baseUrl}/v2`,
    oauthBase: zoom.baseUrl,
  };
}

beforeAll(async () => {
  zoom = new ZoomStandIn();
  await zoom.start();
  zoom.useMediaFile(speechWav());
  t = await startTestApp({ config: { zoom: zoomConfig() } });
  org = await makeOrg(t.db, { settings: { Zoom_Integration: true } });
  speaker = await signInAs(t, org.speaker.email);
  coach = await signInAs(t, org.coach.email);
});
afterAll(async () => {
  await t?.close();
  await zoom?.close();
});
beforeEach(() => {
  zoom.meetings = ZoomStandIn.meetingsOf(3, { durationSeconds: 10, size: zoom.media.length });
  zoom.breakDownloads = 0;
});

describe('Zoom import availability', () => {
  it('is offered to a speaker of an organisation with Zoom_Integration on, and to nobody else', async () => {
    expect(data(await call('GET', '/zoom/connection', speaker))).toEqual({ available: true, linked: false });
    // A coach records nothing: no tab, and the calls are refused.
    expect(data(await call('GET', '/zoom/connection', coach))).toEqual({ available: false, linked: false });
    const refused = await call('POST', '/zoom/authorization', coach);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe(ERROR_CODES.zoomUnavailable);
  });

  it('is refused when the organisation turns the setting off', async () => {
    const other = await makeOrg(t.db, { settings: { Zoom_Integration: false } });
    const auth = await signInAs(t, other.speaker.email);
    expect(data(await call('GET', '/zoom/connection', auth))).toEqual({ available: false, linked: false });
    for (const [method, url, payload] of [
      ['POST', '/zoom/authorization', undefined],
      ['POST', '/zoom/connection', { code: 'x', state: 'y' }],
      ['GET', '/zoom/recordings', undefined],
      ['POST', '/zoom/recordings', { meetingId: 'm', fileId: 'f', title: 'T' }],
    ] as const) {
      const r = await call(method, url, auth, payload);
      expect(r.status, url).toBe(403);
      expect(r.body.errors?.[0]?.message).toBe(ZOOM_MSG.unavailable);
    }
  });

  it('is refused without the server keys, whatever the setting', async () => {
    const bare = await startTestApp();
    try {
      const o = await makeOrg(bare.db, { settings: { Zoom_Integration: true } });
      const auth = await signInAs(bare, o.speaker.email);
      const status = await bare.app.inject({ method: 'GET', url: '/api/v1/zoom/connection', headers: { authorization: auth } });
      expect(status.json().data).toEqual({ available: false, linked: false });
      const list = await bare.app.inject({ method: 'GET', url: '/api/v1/zoom/recordings', headers: { authorization: auth } });
      expect(list.statusCode).toBe(403);
      expect(list.json().errors[0].code).toBe(ERROR_CODES.zoomUnavailable);
    } finally {
      await bare.close();
    }
  });

  it('asks for sign-in first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/zoom/recordings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('Linking a Zoom account', () => {
  it('links with a code and a state handed to the same user, once, and stores the tokens sealed', async () => {
    const { code: zoomCode, state } = await authorize(speaker);
    // Another user of the organisation cannot use this state.
    const other = await makeOrg(t.db, { settings: { Zoom_Integration: true } });
    const otherAuth = await signInAs(t, other.speaker.email);
    const stolen = await call('POST', '/zoom/connection', otherAuth, { code: zoomCode, state });
    expect(stolen.status).toBe(400);
    expect(code(stolen)).toBe(ERROR_CODES.zoomLinkFailed);

    const linked = await call('POST', '/zoom/connection', speaker, { code: zoomCode, state });
    expect(linked.status).toBe(200);
    expect(data(linked)).toEqual({ available: true, linked: true });
    expect(data(await call('GET', '/zoom/connection', speaker))).toEqual({ available: true, linked: true });

    // The state was used up: the same answer again is refused.
    const replay = await call('POST', '/zoom/connection', speaker, { code: zoomCode, state });
    expect(replay.status).toBe(400);
    expect(replay.body.errors?.[0]?.message).toBe(ZOOM_MSG.linkFailed);

    const [row] = await t.db.select().from(zoomConnections).where(eq(zoomConnections.userId, org.speaker.id));
    expect(row!.accessToken.startsWith('v1.')).toBe(true);
    expect(row!.accessToken).not.toMatch(/at_/);
    expect(row!.refreshToken).not.toMatch(/rt_/);
  });

  it('keeps only the newest few states of a user', async () => {
    const first = await authorize(speaker);
    for (let i = 0; i < MAX_ZOOM_STATES; i++) await call('POST', '/zoom/authorization', speaker);
    const stale = await call('POST', '/zoom/connection', speaker, first);
    expect(stale.status).toBe(400);
    expect(code(stale)).toBe(ERROR_CODES.zoomLinkFailed);
    const rows = await t.db.select().from(zoomOauthStates).where(eq(zoomOauthStates.userId, org.speaker.id));
    expect(rows.length).toBeLessThanOrEqual(MAX_ZOOM_STATES);
  });

  it('refuses a code Zoom does not accept, and bad input with a 400', async () => {
    const { state } = await authorize(speaker);
    const wrong = await call('POST', '/zoom/connection', speaker, { code: 'not-a-code', state });
    expect(wrong.status).toBe(400);
    expect(code(wrong)).toBe(ERROR_CODES.zoomLinkFailed);
    const empty = await call('POST', '/zoom/connection', speaker, { code: '', state: 'x' });
    expect(empty.status).toBe(400);
    const extra = await call('POST', '/zoom/connection', speaker, { code: 'a', state: 'b', token: 'c' });
    expect(extra.status).toBe(400);
  });
});

describe('Listing Zoom recordings', () => {
  beforeAll(async () => {
    await link(speaker);
  });

  it('lists the meetings of the last 15 days with their audio and video files only', async () => {
    zoom.requests.length = 0;
    const res = await call('GET', '/zoom/recordings', speaker);
    expect(res.status).toBe(200);
    const list = data<{
      meetings: { meetingId: string; topic: string; files: { fileType: string; duration: number }[] }[];
      recordingsDropped: boolean;
    }>(res);
    expect(list.recordingsDropped).toBe(false);
    expect(list.meetings.map((m) => m.topic)).toEqual(['Meeting 1', 'Meeting 2', 'Meeting 3']);
    expect(list.meetings[0]!.files.map((f) => f.fileType)).toEqual(['M4A', 'MP4']);
    expect(list.meetings[0]!.files[0]!.duration).toBe(10);
    const q = new URL(zoom.requests.find((r) => r.url.startsWith('/v2/users/me/recordings'))!.url, zoom.baseUrl).searchParams;
    expect(q.get('page_size')).toBe('100');
    const days = (Date.parse(q.get('to')!) - Date.parse(q.get('from')!)) / 86_400_000;
    expect(days).toBe(15);
  });

  it('keeps 100 meetings and says so when there are more', async () => {
    zoom.meetings = ZoomStandIn.meetingsOf(120);
    const list = data<{ meetings: unknown[]; recordingsDropped: boolean }>(await call('GET', '/zoom/recordings', speaker));
    expect(list.meetings).toHaveLength(100);
    expect(list.recordingsDropped).toBe(true);
  });

  it('answers an empty list when there are none', async () => {
    zoom.meetings = [];
    expect(data(await call('GET', '/zoom/recordings', speaker))).toEqual({ meetings: [], recordingsDropped: false });
  });

  it('refreshes an access token Zoom refuses, and one that has expired, then goes on', async () => {
    zoom.expireAccessTokens();
    zoom.requests.length = 0;
    expect((await call('GET', '/zoom/recordings', speaker)).status).toBe(200);
    expect(zoom.requests.filter((r) => r.url === '/oauth/token')).toHaveLength(1);

    await t.db
      .update(zoomConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(zoomConnections.userId, org.speaker.id));
    zoom.requests.length = 0;
    expect((await call('GET', '/zoom/recordings', speaker)).status).toBe(200);
    // Refreshed before the call: Zoom saw no refused token.
    expect(zoom.requests.map((r) => r.url.split('?')[0])).toEqual(['/oauth/token', '/v2/users/me/recordings']);

    // Refreshed before the call and refused anyway: the second refresh uses the rotated refresh token.
    await t.db
      .update(zoomConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(zoomConnections.userId, org.speaker.id));
    zoom.failNext('/v2/users/me/recordings', 401, 1);
    zoom.requests.length = 0;
    const again = await call('GET', '/zoom/recordings', speaker);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(zoom.requests.filter((r) => r.url === '/oauth/token')).toHaveLength(2);
  });

  it('waits as a 429 asks, and tries a 5xx again', async () => {
    zoom.failNext('/v2/users/me/recordings', 429, 1, '1');
    const started = Date.now();
    expect((await call('GET', '/zoom/recordings', speaker)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    zoom.failNext('/v2/users/me/recordings', 503, 2);
    expect((await call('GET', '/zoom/recordings', speaker)).status).toBe(200);

    // A Zoom that keeps failing is a 502, and one asking to wait too long is not waited for.
    zoom.failNext('/v2/users/me/recordings', 500, 10);
    const down = await call('GET', '/zoom/recordings', speaker);
    expect(down.status).toBe(502);
    expect(code(down)).toBe(ERROR_CODES.zoomUnreachable);
    zoom.clearFailures();
    zoom.failNext('/v2/users/me/recordings', 429, 1, '3600');
    const slow = Date.now();
    expect((await call('GET', '/zoom/recordings', speaker)).status).toBe(502);
    expect(Date.now() - slow).toBeLessThan(3000);
  });
});

describe('Importing a Zoom recording', () => {
  let auth: string;
  let speakerId: string;
  let orgId: string;
  beforeAll(async () => {
    const o = await makeOrg(t.db, { settings: { Zoom_Integration: true } });
    auth = await signInAs(t, o.speaker.email);
    speakerId = o.speaker.id;
    orgId = o.org.id;
    await link(auth);
  });
  const ownRecordings = () => t.db.select().from(recordings).where(eq(recordings.userId, speakerId));
  const importBody = (over: Record<string, unknown> = {}) => ({
    meetingId: '/ab//cd==',
    fileId: 'file-0-audio_only',
    title: 'Pitch from Zoom',
    ...over,
  });

  it('downloads the file on the server, checks it like an upload and starts the analysis', async () => {
    zoom.requests.length = 0;
    const res = await call('POST', '/zoom/recordings', auth, importBody({ trim: { from: 1, to: 9 } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { recordingId } = data<{ recordingId: string }>(res);
    const [rec] = await t.db.select().from(recordings).where(eq(recordings.id, recordingId));
    expect(rec).toMatchObject({
      source: 'zoom form',
      status: 'processing',
      title: 'Pitch from Zoom',
      fileName: 'Meeting 1.m4a',
      isVideo: false,
    });
    expect(rec!.trim).toEqual({ from: 1, to: 9 });
    expect(rec!.duration).toBeCloseTo(8, 0);
    expect(existsSync(path.join(t.storage.dirFor(recordingId), 'original'))).toBe(true);
    // The download address came from Zoom's API, with the token as a Bearer header.
    const dl = zoom.requests.find((r) => r.url.startsWith('/rec/download/'))!;
    expect(dl.url).toBe('/rec/download/file-0-audio_only');
    expect(dl.authorization).toMatch(/^Bearer at_/);
    // A tus upload cannot slip another file into a Zoom recording.
    expect(readdirSync(uploadsDirOf(t.config.dataDir))).toEqual([]);
  });

  it('leaves nothing behind when the download breaks halfway', async () => {
    const before = (await ownRecordings()).length;
    zoom.breakDownloads = 1;
    const res = await call('POST', '/zoom/recordings', auth, importBody());
    expect(res.status).toBe(502);
    expect(res.body.errors?.[0]).toMatchObject({ message: ZOOM_MSG.uploadError, code: ERROR_CODES.zoomUnreachable });
    expect(await ownRecordings()).toHaveLength(before);
    expect(readdirSync(uploadsDirOf(t.config.dataDir))).toEqual([]);
  });

  it('refuses a file over 200 MB before downloading it', async () => {
    zoom.meetings[0]!.recording_files[0]!.file_size = 201 * 1024 * 1024;
    zoom.requests.length = 0;
    const res = await call('POST', '/zoom/recordings', auth, importBody());
    expect(res.status).toBe(413);
    expect(res.body.errors?.[0]?.message).toBe(INTAKE_MSG.tooLarge);
    expect(zoom.requests.some((r) => r.url.startsWith('/rec/download/'))).toBe(false);
  });

  it('checks the title and the trim', async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ title: '' }, null],
      [{ title: '   ' }, null],
      [{ title: 'x'.repeat(51) }, null],
      [{ trim: { from: 0, to: 901 } }, ZOOM_MSG.trimTooLong],
      [{ trim: { from: 100, to: 50 } }, ZOOM_MSG.trimOrder],
      [{ trim: { from: -1, to: 10 } }, null],
      [{ fileId: '' }, null],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/zoom/recordings', auth, importBody(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      if (message) expect(res.body.errors?.[0]?.message).toContain(message);
    }
    // A 20-minute file kept to its end (the default trim) is too long.
    zoom.meetings = ZoomStandIn.meetingsOf(1, { durationSeconds: 1200 });
    const whole = await call('POST', '/zoom/recordings', auth, importBody());
    expect(whole.status).toBe(400);
    expect(whole.body.errors?.[0]?.message).toBe(ZOOM_MSG.trimTooLong);
    // A title of 50 characters is fine.
    zoom.meetings = ZoomStandIn.meetingsOf(1, { durationSeconds: 10, size: zoom.media.length });
    expect((await call('POST', '/zoom/recordings', auth, importBody({ title: 'y'.repeat(50) }))).status).toBe(200);
  });

  it("refuses a file that is not among the meeting's audio and video", async () => {
    const chat = await call('POST', '/zoom/recordings', auth, importBody({ fileId: 'file-0-chat_file' }));
    expect(chat.status).toBe(404);
    expect(code(chat)).toBe(ERROR_CODES.zoomRecordingNotFound);
    const meeting = await call('POST', '/zoom/recordings', auth, importBody({ meetingId: 'no-such-meeting' }));
    expect(meeting.status).toBe(404);
  });

  it("refuses another organisation's assignment and a group the user is not in", async () => {
    const other = await makeOrg(t.db, { settings: { Zoom_Integration: true, Assignments: true } });
    const { assignment } = await insertAssignment(t.db, { id: other.coach.id, orgId: other.org.id }, other.group.id);
    await t.db
      .update(organisations)
      .set({ settings: { Zoom_Integration: true, Assignments: true } })
      .where(eq(organisations.id, orgId));
    const before = (await ownRecordings()).length;
    const intoAssignment = await call('POST', '/zoom/recordings', auth, importBody({ assignmentId: assignment.id }));
    expect(intoAssignment.status).toBe(404);
    const intoGroup = await call('POST', '/zoom/recordings', auth, importBody({ groupId: other.group.id }));
    expect(intoGroup.status).toBe(403);
    expect(code(intoGroup)).toBe(ERROR_CODES.recordingNeedsSpeaker);
    expect(await ownRecordings()).toHaveLength(before);
  });

  it('unlinks on a revoked grant, so the page sends the user to link again', async () => {
    zoom.revokeGrant();
    zoom.expireAccessTokens();
    const res = await call('GET', '/zoom/recordings', auth);
    expect(res.status).toBe(409);
    expect(code(res)).toBe(ERROR_CODES.zoomNotLinked);
    expect(data(await call('GET', '/zoom/connection', auth))).toEqual({ available: true, linked: false });
    await link(auth);
    expect((await call('GET', '/zoom/recordings', auth)).status).toBe(200);
  });

  it('disconnects: the tokens are deleted and the grant revoked at Zoom', async () => {
    const revoked = zoom.revocations;
    const res = await call('DELETE', '/zoom/connection', auth);
    expect(res.status).toBe(200);
    expect(data(res)).toEqual({ available: true, linked: false });
    expect(zoom.revocations).toBe(revoked + 1);
    const [row] = await t.db.select().from(zoomConnections).where(eq(zoomConnections.userId, speakerId));
    expect(row).toBeUndefined();
    const list = await call('GET', '/zoom/recordings', auth);
    expect(list.status).toBe(409);
  });

  it('keeps Zoom recordings to the Zoom calls', async () => {
    const res = await call('POST', '/recordings', auth, { title: 'x', source: 'zoom form' });
    expect(res.status).toBe(400);
  });
});

describe('Tokens', () => {
  it('never appear in an answer', () => {
    const all = bodies.join('\n');
    expect(all).not.toMatch(/\b(at|rt)_[0-9a-f]{24}\b/);
    expect(all).not.toContain(ZOOM_STAND_IN_CLIENT_SECRET);
  });
});
