import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG, ZLanesSchema, ZRecordingSchema, ZResultsSchema } from '@rostrum/contract';
import { groups, organisations, recordings } from '../../db/schema.js';
import { addMember, apiCaller, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { speechMp4, speechWav } from '../../test/media-fixtures.js';
import { conversationResults, fullResults } from '../../test/results-fixtures.js';

let t: TTestApp;
let fileServer: http.Server;
let fileBase: string;

beforeAll(async () => {
  t = await startTestApp({ worker: true, config: { urlFetchAllowHosts: ['127.0.0.1'] } });
  fileServer = http.createServer((req, res) => {
    if (req.url === '/talk.wav') return res.end(readFileSync(speechWav()));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fileServer.listen(0, '127.0.0.1', r));
  fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => fileServer.close(() => r()));
  await t?.close();
});

const api = apiCaller(() => t);

const b64 = (s: string) => Buffer.from(s).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

/** tus: create the upload, then PATCH the bytes in the given number of pieces. */
async function tusUpload(auth: string, recordingId: string, bytes: Buffer, pieces = 1) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...TUS,
      authorization: auth,
      'upload-length': String(bytes.length),
      'upload-metadata': `recordingId ${b64(recordingId)},filename ${b64('talk.wav')}`,
    },
  });
  if (created.statusCode !== 201) return created;
  const location = created.headers.location as string;
  let res = created;
  const size = Math.ceil(bytes.length / pieces);
  for (let offset = 0; offset < bytes.length; offset += size) {
    res = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, authorization: auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: bytes.subarray(offset, offset + size),
    });
    if (res.statusCode !== 204) return res;
  }
  return res;
}

async function createRecording(auth: string, over: Record<string, unknown> = {}) {
  const res = await api('POST', '/recordings', auth, { title: 'My talk', source: 'ui upload form', fileName: 'talk.wav', ...over });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { recordingId: string; uploadUrl: string | null };
}

async function waitForState(auth: string, id: string, states: string[], timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rec = (await api('GET', `/recordings/${id}?expand=tips,timestamped`, auth)).json().data;
    if (states.includes(rec.state)) return rec;
    if (Date.now() > until) throw new Error(`recording stayed ${rec.state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('upload, analysis and playback', () => {
  it('takes a resumable upload, analyses it in the worker and serves playback with Range', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId, uploadUrl } = await createRecording(auth);
    expect(uploadUrl).toBe('/api/v1/uploads');
    expect((await api('GET', `/recordings/${recordingId}`, auth)).json().data.state).toBe('uploading');

    const bytes = readFileSync(speechWav());
    // First half, then the connection "drops": the server reports the offset it has.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...TUS, authorization: auth, 'upload-length': String(bytes.length), 'upload-metadata': `recordingId ${b64(recordingId)}` },
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    const patch = (offset: number, body: Buffer) =>
      t.app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...TUS, authorization: auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: body,
      });
    expect((await patch(0, bytes.subarray(0, half))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, authorization: auth } });
    expect(Number(head.headers['upload-offset'])).toBe(half);
    // Resuming sends only the rest.
    expect((await patch(half, bytes.subarray(half))).statusCode).toBe(204);

    const done = await waitForState(auth, recordingId, ['done', 'failed']);
    expect(done.state, done.failedReason).toBe('done');
    const rec = ZRecordingSchema.parse(done);
    const results = ZResultsSchema.parse(rec.results);
    expect(results.scores.overall).toBeGreaterThan(0);
    expect(rec.duration).toBeGreaterThan(5);
    expect(results.tips.main.tips.length).toBeGreaterThan(0);
    expect(rec.overallScore).toBe(results.scores.overall);

    const range = await t.app.inject({ method: 'GET', url: rec.playbackUrl!, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    const peaks = await t.app.inject({ method: 'GET', url: rec.peaksUrl! });
    expect(peaks.json().peaksPerSecond).toBe(50);
    // The voice lanes: the documented series, as long as the recording.
    const lanes = ZLanesSchema.parse((await t.app.inject({ method: 'GET', url: rec.lanesUrl! })).json());
    expect(lanes.duration).toBeCloseTo(rec.duration!, 0);
    expect(lanes.pitch.some((v) => v !== null)).toBe(true);
    const forged = rec.playbackUrl!.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  }, 150_000);

  it('makes an MP4 for a video, whatever comes in', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId } = await createRecording(auth, { fileName: 'talk.mp4' });
    expect((await tusUpload(auth, recordingId, readFileSync(speechMp4()))).statusCode).toBe(204);
    const rec = await waitForState(auth, recordingId, ['done', 'failed']);
    expect(rec.isVideo).toBe(true);
    expect(rec.videoUrl).toMatch(/\/media\/.+\/video\?/);
    const video = await t.app.inject({ method: 'GET', url: rec.videoUrl, headers: { range: 'bytes=4-11' } });
    expect(video.rawPayload.toString('latin1')).toBe('ftypisom');
  }, 150_000);

  it('refuses a file that is not audio or video by its content, and keeps nothing', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId } = await createRecording(auth, { fileName: 'notes.mp3' });
    const res = await tusUpload(auth, recordingId, Buffer.from('these are my speaking notes, not audio\n'.repeat(50)));
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body).errors[0].message).toBe(INTAKE_MSG.invalidFileType);
    expect(await t.db.select().from(recordings).where(eq(recordings.id, recordingId))).toEqual([]);
    expect((await api('GET', '/recordings', auth)).json().data).toEqual([]);
  });

  it('refuses a refused extension and an oversized file before any upload', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const bad = await api('POST', '/recordings', auth, { title: 'x', source: 'ui upload form', fileName: 'slides.ppt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(INTAKE_MSG.invalidFileType);
    const big = await api('POST', '/recordings', auth, {
      title: 'x',
      source: 'ui upload form',
      fileName: 'a.wav',
      fileSize: 201 * 1024 * 1024,
    });
    expect(big.statusCode).toBe(413);
  });

  it('recovers when the analysis process crashes mid-job', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId } = await createRecording(auth);
    expect((await tusUpload(auth, recordingId, readFileSync(speechWav()))).statusCode).toBe(204);
    await waitForState(auth, recordingId, ['computing', 'done']);
    try {
      execSync('pkill -9 -f dist/modules/recordings/analysis/analyze-child.js');
    } catch {
      // Already finished: nothing to kill; the assertion below still holds.
    }
    const rec = await waitForState(auth, recordingId, ['done', 'failed'], 110_000);
    expect(rec.state).toBe('done');
  }, 150_000);
});

describe('URL intake', () => {
  it('fetches an allowed URL and analyses it', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId, uploadUrl } = await createRecording(auth, {
      source: 'ui url form',
      audio: `${fileBase}/talk.wav`,
      fileName: undefined,
    });
    expect(uploadUrl).toBeNull();
    const rec = await waitForState(auth, recordingId, ['done', 'failed']);
    expect(rec.state, rec.failedReason).toBe('done');
    expect(rec.fileName).toBe('talk.wav');
  }, 150_000);

  it('keeps a malformed file name from the URL as it is', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const res = await api('POST', '/recordings', auth, { title: 'Odd name', source: 'ui url form', audio: `${fileBase}/talk%zz.wav` });
    expect(res.statusCode).toBe(200);
    expect((await api('GET', `/recordings/${res.json().data.recordingId}`, auth)).json().data.fileName).toBe('talk%zz.wav');
  });

  it('refuses private addresses, non-http schemes and Zoom share links at once', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    for (const [audio, message] of [
      ['http://10.0.0.1/talk.wav', INTAKE_MSG.urlBlocked],
      ['http://169.254.169.254/latest/meta-data', INTAKE_MSG.urlBlocked],
      ['http://localhost:9/talk.wav', INTAKE_MSG.urlBlocked],
      ['ftp://example.com/talk.wav', INTAKE_MSG.urlRequired],
      ['https://us02web.zoom.us/rec/share/abc', INTAKE_MSG.zoomShareLink],
    ]) {
      const res = await api('POST', '/recordings', auth, { title: 'x', source: 'ui url form', audio });
      expect(res.statusCode, audio).toBe(400);
      expect(res.json().errors[0].message, audio).toBe(message);
    }
    expect((await api('GET', '/recordings', auth)).json().data).toEqual([]);
  });
});

describe('recording permissions', () => {
  async function doneRecording(auth: string, over: Record<string, unknown> = {}) {
    const { recordingId } = await createRecording(auth, over);
    expect((await tusUpload(auth, recordingId, readFileSync(speechWav()))).statusCode).toBe(204);
    return recordingId;
  }

  it('only a speaker with an active membership records; another org sees nothing', async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    const coach = await signInAs(t, a.coach.email);
    const res = await api('POST', '/recordings', coach, { title: 'x', source: 'ui upload form' });
    expect(res.statusCode).toBe(403);
    // The refusal says why, with its own code: the web shows it instead of a generic upload error.
    expect(res.json().errors[0]).toMatchObject({ message: INTAKE_MSG.needsSpeaker, code: ERROR_CODES.recordingNeedsSpeaker });
    const other = await api('POST', '/recordings', await signInAs(t, a.speaker.email), {
      title: 'x',
      source: 'ui upload form',
      groupId: b.group.id,
    });
    expect(other.statusCode).toBe(403);
    const id = await doneRecording(await signInAs(t, a.speaker.email));
    for (const u of [b.admin, b.coach, b.speaker]) {
      expect((await api('GET', `/recordings/${id}`, await signInAs(t, u.email))).statusCode).toBe(404);
    }
    // Nobody but the owner may upload into, rename or delete it.
    const bAuth = await signInAs(t, a.coach.email);
    expect((await api('PUT', `/recordings/${id}`, bAuth, { title: 'mine now' })).statusCode).toBe(403);
    expect((await api('DELETE', `/recordings/${id}`, bAuth)).statusCode).toBe(403);
  });

  it('coach privacy levels: 1 hears all, 0 lists without media, 3 sees only shared or submitted', async () => {
    const { speaker, coach, group } = await makeOrg(t.db);
    const sAuth = await signInAs(t, speaker.email);
    const cAuth = await signInAs(t, coach.email);
    const privateId = await doneRecording(sAuth);
    // Playback exists from the computing state on; the scores are not what this test is about.
    await waitForState(sAuth, privateId, ['computing', 'done']);
    const level = async (managerPrivacyLevel: number) =>
      t.db
        .update(groups)
        .set({ managerPrivacyLevel, speakerPrivacyLevel: managerPrivacyLevel === 0 ? 0 : 2 })
        .where(eq(groups.id, group.id));

    await level(1);
    const heard = (await api('GET', `/recordings/${privateId}`, cAuth)).json().data;
    expect(heard.access.canHear).toBe(true);
    expect(heard.playbackUrl).not.toBeNull();

    await level(0);
    const listed = (await api('GET', `/recordings/${privateId}`, cAuth)).json().data;
    expect(listed.access.canHear).toBe(false);
    expect(listed.playbackUrl).toBeNull();
    expect(listed.results).toBeNull();
    expect((await api('GET', `/groups/${group.id}/recordings`, cAuth)).json().data).toHaveLength(1);

    await level(3);
    expect((await api('GET', `/recordings/${privateId}`, cAuth)).statusCode).toBe(404);
    expect((await api('GET', `/groups/${group.id}/recordings`, cAuth)).json().data).toHaveLength(0);
    await api('PUT', `/recordings/${privateId}`, sAuth, { submitted: true });
    expect((await api('GET', `/recordings/${privateId}`, cAuth)).json().data.access.canHear).toBe(true);
  }, 120_000);

  it('peers hear only recordings shared with the group, and not at speaker level 4', async () => {
    const { speaker, group, org } = await makeOrg(t.db);
    const sAuth = await signInAs(t, speaker.email);
    const peer = await addMember(t.db, org.id, group.id, ['speaker']);
    const pAuth = await signInAs(t, peer.email);
    const id = await doneRecording(sAuth);
    expect((await api('GET', `/recordings/${id}`, pAuth)).statusCode).toBe(404);
    await api('PUT', `/recordings/${id}`, sAuth, { feedbackRequested: true });
    expect((await api('GET', `/recordings/${id}`, pAuth)).json().data.access).toEqual({ canHear: true, isOwner: false });
    expect(
      (await api('GET', `/groups/${group.id}/recordings`, pAuth)).json().data.map((r: { recordingId: string }) => r.recordingId),
    ).toEqual([id]);
    await t.db.update(groups).set({ speakerPrivacyLevel: 4 }).where(eq(groups.id, group.id));
    expect((await api('GET', `/recordings/${id}`, pAuth)).statusCode).toBe(404);
    // Sharing is refused by the server at level 4, whatever the browser shows.
    const share = await api('PUT', `/recordings/${id}`, sAuth, { feedbackRequested: true });
    expect(share.statusCode).toBe(400);
  });

  it('abilities say what PUT allows: the group levels decide, and with Assignments on only in an assignment', async () => {
    const { speaker, coach, group, org } = await makeOrg(t.db);
    const sAuth = await signInAs(t, speaker.email);
    await t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel: 4 }).where(eq(groups.id, group.id));
    const { recordingId: id } = await createRecording(sAuth);
    const mine = (await api('GET', `/recordings/${id}`, sAuth)).json().data.abilities;
    expect(mine).toMatchObject({ canShare: false, canFlag: true, canRename: true, canDelete: true });
    const listed = (await api('GET', '/recordings', sAuth)).json().data.find((r: { recordingId: string }) => r.recordingId === id);
    expect(listed.abilities).toEqual(mine);
    const myGroup = (await api('GET', '/groups', sAuth)).json().data.find((g: { groupId: string }) => g.groupId === group.id);
    expect(myGroup.recordingAbilities).toEqual({ canShare: false, canFlag: true });
    const share = await api('PUT', `/recordings/${id}`, sAuth, { feedbackRequested: true });
    expect(share.statusCode).toBe(400);
    expect(share.json().errors[0].message).toBe('Sharing with the group is not enabled for this group');
    expect((await api('PUT', `/recordings/${id}`, sAuth, { submitted: true })).statusCode).toBe(200);
    // A coach who hears it may comment and score it, but not share, flag, rename or delete it.
    const theirs = (await api('GET', `/recordings/${id}`, await signInAs(t, coach.email))).json().data.abilities;
    expect(theirs).toEqual({
      canHear: true,
      canShare: false,
      canFlag: false,
      canFlagOnResults: false,
      canSubmitToCoach: false,
      canSubmit: false,
      canRename: false,
      canDelete: false,
      canComment: true,
      canScore: true,
      // Still uploading: nothing to download yet; share links are the owner's.
      canExport: false,
      canShareLink: false,
    });

    await t.db
      .update(organisations)
      .set({ settings: { ...org.settings, Assignments: true } })
      .where(eq(organisations.id, org.id));
    // Private until it is in an assignment; its owner may move it into one (001 section 4).
    expect((await api('GET', `/recordings/${id}`, sAuth)).json().data.abilities).toMatchObject({
      canShare: false,
      canFlag: false,
      canFlagOnResults: false,
      canSubmit: true,
    });
    const flag = await api('PUT', `/recordings/${id}`, sAuth, { submitted: true });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().errors[0].message).toBe('Move this recording to an assignment before sharing it');
    // Taking a flag back is always allowed.
    expect((await api('PUT', `/recordings/${id}`, sAuth, { submitted: false })).statusCode).toBe(200);
  });

  it("a claim keeps the lists' Vibe score the results page's: none for a conversation, also from results stored with one", async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId: id } = await createRecording(auth);
    // A conversation as the engine stored it before: the leading speaker's single-speaker Vocal Delivery kept in.
    const conv = conversationResults();
    const withOverall = (n: number) => ({ ...conv.scores.perSpeaker![n - 1]!, overall: 8 });
    const results = {
      ...conv,
      scores: { ...withOverall(1), speaker: undefined, perSpeaker: [withOverall(1), withOverall(2)] },
    };
    await t.db.update(recordings).set({ status: 'done', numSpeakers: 2, results, overallScore: 8 }).where(eq(recordings.id, id));
    const listed = async () =>
      (await api('GET', '/recordings', auth)).json().data.find((r: { recordingId: string }) => r.recordingId === id).overallScore;
    expect(await listed()).toBe(8);
    expect((await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: 2 })).statusCode).toBe(200);
    expect(await listed()).toBeNull();
    // A single speaker's score stays through a claim.
    await t.db.update(recordings).set({ results: fullResults(), overallScore: 7.4, numSpeakers: 1 }).where(eq(recordings.id, id));
    expect((await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: 1 })).statusCode).toBe(200);
    expect(await listed()).toBe(7.4);
  });

  it('the owner claims a speaker and releases the claim; others may not, and bad values are 400', async () => {
    const { speaker, coach } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const { recordingId: id } = await createRecording(auth);
    await t.db.update(recordings).set({ numSpeakers: 2 }).where(eq(recordings.id, id));
    const claim = await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: 2 });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().data.speakerNum).toBe(2);
    const release = await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: null });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().data.speakerNum).toBeNull();
    expect((await api('GET', `/recordings/${id}`, auth)).json().data.speakerNum).toBeNull();
    for (const body of [{}, { speakerNum: 0 }, { speakerNum: 3 }, { speakerNum: '1' }, { speakerNum: 1.5 }]) {
      const res = await api('PUT', `/recordings/${id}/speaker`, auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBeTruthy();
    }
    // Only the owner claims or releases (the coach hears it at the default level 1).
    expect((await api('PUT', `/recordings/${id}/speaker`, await signInAs(t, coach.email), { speakerNum: null })).statusCode).toBe(403);
    expect((await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: 1 })).json().data.speakerNum).toBe(1);
  });

  it('the results page offers Flag for Review only while the recording is not shared; manage may still submit it', async () => {
    const { speaker, group } = await makeOrg(t.db);
    await t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 }).where(eq(groups.id, group.id));
    const auth = await signInAs(t, speaker.email);
    const { recordingId: id } = await createRecording(auth);
    expect((await api('GET', `/recordings/${id}`, auth)).json().data.abilities).toMatchObject({
      canShare: true,
      canFlag: true,
      canFlagOnResults: true,
    });
    const shared = (await api('PUT', `/recordings/${id}`, auth, { feedbackRequested: true })).json().data.abilities;
    expect(shared).toMatchObject({ canFlag: true, canFlagOnResults: false });
    // 002 section 2.5: Submit to coach stays on the manage page for a shared recording.
    expect((await api('PUT', `/recordings/${id}`, auth, { submitted: true })).json().data).toMatchObject({ submitted: true });
    expect((await api('PUT', `/recordings/${id}`, auth, { feedbackRequested: false })).json().data.abilities.canFlagOnResults).toBe(true);
    // 002 section 2.5: the manage page's Submit to coach is offered only above coach level 1.
    expect((await api('GET', `/recordings/${id}`, auth)).json().data.abilities.canSubmitToCoach).toBe(false);
    await t.db.update(groups).set({ managerPrivacyLevel: 2 }).where(eq(groups.id, group.id));
    expect((await api('GET', `/recordings/${id}`, auth)).json().data.abilities.canSubmitToCoach).toBe(true);
  });

  it('the owner renames, sets the speaker within range, and deletes (media gone)', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    const id = await doneRecording(auth);
    const rec = await waitForState(auth, id, ['computing', 'done']);
    expect((await api('PUT', `/recordings/${id}`, auth, { title: 'Renamed talk' })).json().data.title).toBe('Renamed talk');
    expect((await api('PUT', `/recordings/${id}`, auth, { title: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: 2 })).statusCode).toBe(400);
    expect((await api('PUT', `/recordings/${id}/speaker`, auth, { speakerNum: 1 })).statusCode).toBe(200);
    expect((await api('DELETE', `/recordings/${id}`, auth)).statusCode).toBe(200);
    expect((await api('GET', `/recordings/${id}`, auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: rec.playbackUrl })).statusCode).toBe(404);
  }, 120_000);
});
