import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, memberships, recordings } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { MEDIA_ACCESS_CACHE_MS } from './media-access.js';

// A media address is signed for the user it was issued to, and the media route checks that
// user's access again (cached for a few seconds): withdrawn access ends the address within the
// cache time, while a player's Range requests keep working.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const AUDIO = Buffer.alloc(4000, 9);

/** A group with a finished, shared recording of its speaker (audio on disk) and a peer speaker. */
async function sharedRecording() {
  const o = await makeOrg(t.db);
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const rec = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, {
    playbackPath: 'audio.m4a',
    feedbackRequested: true,
  });
  const dir = t.storage.dirFor(rec.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'audio.m4a'), AUDIO);
  await t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 }).where(eq(groups.id, o.group.id));
  return { ...o, peer, rec };
}

async function playbackUrlFor(email: string, recordingId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/recordings/${recordingId}`,
    headers: { authorization: await signInAs(t, email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.playbackUrl as string | null;
  expect(url).not.toBeNull();
  return url!;
}

const fetchMedia = (url: string, range = 'bytes=0-99') => t.app.inject({ method: 'GET', url, headers: { range } });

/** Polls the old address until it is refused; returns how long that took. */
async function refusedWithin(url: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await fetchMedia(url);
    if (res.statusCode === 404 || res.statusCode === 403) {
      expect(res.json().errors[0].status).toBe(res.statusCode);
      return Date.now() - start;
    }
    expect(res.statusCode).toBe(206);
    if (Date.now() - start > MEDIA_ACCESS_CACHE_MS + 2000) throw new Error('the old address still works');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('media addresses follow the access of the user they were issued to', () => {
  it('serves Range requests, and stops within seconds once the recording is unshared', async () => {
    const g = await sharedRecording();
    const url = await playbackUrlFor(g.peer.email, g.rec.id);
    for (let i = 0; i < 3; i++) {
      const res = await fetchMedia(url, `bytes=${i * 100}-${i * 100 + 99}`);
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.length).toBe(100);
    }
    await t.db.update(recordings).set({ feedbackRequested: false }).where(eq(recordings.id, g.rec.id));
    expect(await refusedWithin(url)).toBeLessThanOrEqual(MEDIA_ACCESS_CACHE_MS + 1000);
  });

  it('stops when the coach is removed from the group', async () => {
    const g = await sharedRecording();
    const url = await playbackUrlFor(g.coach.email, g.rec.id);
    expect((await fetchMedia(url)).statusCode).toBe(206);
    await t.db
      .update(memberships)
      .set({ status: 'inactive' })
      .where(and(eq(memberships.userId, g.coach.id), eq(memberships.groupId, g.group.id)));
    await refusedWithin(url);
  });

  it('stops when the coach privacy level no longer lets the coach hear it', async () => {
    const g = await sharedRecording();
    await t.db.update(recordings).set({ feedbackRequested: false }).where(eq(recordings.id, g.rec.id));
    const url = await playbackUrlFor(g.coach.email, g.rec.id);
    expect((await fetchMedia(url)).statusCode).toBe(206);
    await t.db.update(groups).set({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 }).where(eq(groups.id, g.group.id));
    await refusedWithin(url);
  });

  it('stops when the recording is deleted', async () => {
    const g = await sharedRecording();
    const url = await playbackUrlFor(g.peer.email, g.rec.id);
    expect((await fetchMedia(url)).statusCode).toBe(206);
    await t.db.update(recordings).set({ deletedAt: new Date() }).where(eq(recordings.id, g.rec.id));
    await refusedWithin(url);
  });

  it("is bound to its user: another user's id in the address breaks the signature", async () => {
    const g = await sharedRecording();
    const url = await playbackUrlFor(g.peer.email, g.rec.id);
    expect(url).toContain(`u=${g.peer.id}`);
    const stolen = url.replace(`u=${g.peer.id}`, `u=${g.coach.id}`);
    expect((await fetchMedia(stolen)).statusCode).toBe(403);
    // The owner's own address keeps working after the peer's access is withdrawn.
    const own = await playbackUrlFor(g.speaker.email, g.rec.id);
    await t.db.update(recordings).set({ feedbackRequested: false }).where(eq(recordings.id, g.rec.id));
    await refusedWithin(url);
    expect((await fetchMedia(own)).statusCode).toBe(206);
  });
});
