import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRecordingSchema, type TRecording } from '@rostrum/contract';
import { naturalSpeechWav } from '../../test/media-fixtures.js';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// The recording's list reaches the engine, is kept with its results, and re-analysis replaces
// them with the current list's counts (the real worker and analysis on flite speech:
// "... So slow down, pause, and let your ideas land. Thank you for listening.").

let t: TTestApp;
let server: http.Server;
let audio: string;
beforeAll(async () => {
  t = await startTestApp({ worker: true, config: { urlFetchAllowHosts: ['127.0.0.1'] } });
  server = http.createServer((_req, res) => res.end(readFileSync(naturalSpeechWav())));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  audio = `http://127.0.0.1:${(server.address() as AddressInfo).port}/talk.wav`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

async function waitFor(auth: string, id: string, done: (r: TRecording) => boolean): Promise<TRecording> {
  const until = Date.now() + 120_000;
  for (;;) {
    const rec = ZRecordingSchema.parse((await api('GET', `/recordings/${id}?expand=timestamped`, auth)).json().data);
    if (done(rec)) return rec;
    if (Date.now() > until) throw new Error(`recording stayed ${rec.state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('a recording counts its list, keeps it, and is re-analysed with the current one', () => {
  it('organisation list first, then the group list after re-analysis', async () => {
    const o = await makeOrg(t.db, { settings: { Custom_Wordspotting_For_Orgs: true, Custom_Wordspotting_For_Groups: true } });
    const admin = await signInAs(t, o.admin.email);
    const coach = await signInAs(t, o.coach.email);
    const speaker = await signInAs(t, o.speaker.email);
    const put = (who: string, body: object) => api('PUT', '/wordspotting', who, { algorithm: 'rostrum-default', ...body });
    expect((await put(admin, { orgId: o.org.id, words: ['Thank you', 'elephant'] })).statusCode).toBe(200);

    const created = await api('POST', '/recordings', speaker, { title: 'Talk', source: 'ui url form', audio });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.recordingId as string;
    const first = await waitFor(speaker, id, (r) => r.state === 'done' || r.state === 'failed');
    expect(first.state).toBe('done');
    expect(first.wordspotting.used).toEqual({ source: 'org', name: o.org.name, words: ['uh/um', 'Thank you', 'elephant'] });
    const counts = first.results!.scores.wordSpotting;
    // jsonb keeps keys in its own order; the list's order is `used.words`.
    expect(Object.keys(counts).sort()).toEqual(['Thank you', 'elephant', 'uh/um']);
    // Every hit of every phrase is a hot spot on the waveform (accuracy is measured by npm run bench).
    const hits = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(first.results!.timestamped.metrics.wordSpotting?.hotSpots).toHaveLength(hits);

    // A later edit of the organisation list leaves the kept list and counts as they were.
    await put(admin, { orgId: o.org.id, words: ['elephant'] });
    const kept = ZRecordingSchema.parse((await api('GET', `/recordings/${id}`, speaker)).json().data);
    expect(kept.wordspotting.used?.words).toEqual(['uh/um', 'Thank you', 'elephant']);
    expect(kept.wordspotting.current).toEqual({ source: 'org', name: o.org.name, words: ['uh/um', 'elephant'] });

    // The group's list now comes before the organisation's; the coach re-analyses.
    expect((await put(coach, { groupId: o.group.id, words: ['listening', 'slow down'] })).statusCode).toBe(200);
    const started = await api('POST', `/recordings/${id}/reanalyze`, coach);
    expect(started.statusCode, started.body).toBe(200);
    const during = ZRecordingSchema.parse(started.json().data);
    expect(during.state).toBe('done');
    expect(during.wordspotting.reanalyzing).toBe(true);
    const again = await waitFor(speaker, id, (r) => !r.wordspotting.reanalyzing);
    expect(again.state).toBe('done');
    expect(again.wordspotting.used).toEqual({ source: 'group', name: o.group.name, words: ['uh/um', 'listening', 'slow down'] });
    expect(again.wordspotting.current).toBeNull();
    expect(Object.keys(again.results!.scores.wordSpotting).sort()).toEqual(['listening', 'slow down', 'uh/um']);
    // "people stop listening" and "Thank you for listening".
    expect(again.results!.scores.wordSpotting.listening).toBe(2);
    // The media made by the first analysis stay.
    expect(again.playbackUrl).not.toBeNull();
    expect(again.peaksUrl).not.toBeNull();
    // Two analyses of the talk: about 27 s alone, more beside another test file.
  }, 150_000);
});
