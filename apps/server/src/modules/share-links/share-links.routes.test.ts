import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, SHARE_MSG, ZSharedRecordingSchema } from '@rostrum/contract';
import { organisations, rateLimits, recordings, shareLinks } from '../../db/schema.js';
import { hashSecret } from '../../auth/keys.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { fullResults } from '../../test/results-fixtures.js';
import { SHARE_LINK_FAILURES_PER_ADDRESS } from './share-link-limits.js';

// Public share links: only the owner creates, lists and revokes them, where the organisation
// allows them; the link shows that recording's results and media without sign-in while it is
// valid, and nothing else.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const AUDIO = Buffer.alloc(3000, 7);

async function setup(opts: { allowed?: boolean } = {}) {
  const o = await makeOrg(t.db, { settings: { Public_Share_Links: opts.allowed ?? true } });
  const rec = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, {
    title: 'Pitch day',
    results: fullResults(),
    playbackPath: 'audio.m4a',
    feedbackRequested: true,
    wordspotting: { source: 'group', name: 'Secret Group Name', words: ['uh/um'] },
  });
  const dir = t.storage.dirFor(rec.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'audio.m4a'), AUDIO);
  return { ...o, rec };
}

async function call(email: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const headers: Record<string, string> = email ? { authorization: await signInAs(t, email) } : {};
  return t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
}

async function create(email: string, recordingId: string, expiresInDays = 7) {
  return call(email, 'POST', `/recordings/${recordingId}/share-links`, { expiresInDays });
}

async function linkOf(g: Awaited<ReturnType<typeof setup>>) {
  const res = await create(g.speaker.email, g.rec.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; shareLinkId: string; path: string };
}

describe('the owner manages share links', () => {
  it('creates a link with a chosen expiry, lists and revokes it; the token is kept hashed only', async () => {
    const g = await setup();
    const before = Date.now();
    const res = await create(g.speaker.email, g.rec.id, 30);
    expect(res.statusCode).toBe(200);
    const link = res.json().data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/s/${link.token}`);
    expect(link.status).toBe('active');
    const days = (Date.parse(link.expiresDate) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.shareLinkId));
    expect(row!.tokenHash).toBe(hashSecret(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const list = await call(g.speaker.email, 'GET', `/recordings/${g.rec.id}/share-links`);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).not.toHaveProperty('token');

    const revoked = await call(g.speaker.email, 'DELETE', `/recordings/${g.rec.id}/share-links/${link.shareLinkId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    const gone = await call(null, 'GET', `/shared/${link.token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().errors[0]).toMatchObject({ message: SHARE_MSG.gone, status: 410, code: ERROR_CODES.shareLinkGone });
  });

  it('offers links in the abilities only to the owner, with the setting on', async () => {
    const g = await setup();
    const own = await call(g.speaker.email, 'GET', `/recordings/${g.rec.id}`);
    expect(own.json().data.abilities.canShareLink).toBe(true);
    const coach = await call(g.coach.email, 'GET', `/recordings/${g.rec.id}`);
    expect(coach.json().data.abilities.canShareLink).toBe(false);
    const off = await setup({ allowed: false });
    const offOwn = await call(off.speaker.email, 'GET', `/recordings/${off.rec.id}`);
    expect(offOwn.json().data.abilities.canShareLink).toBe(false);
  });

  it('refuses anyone but the owner: a coach, a peer it is shared with, an org admin, another organisation', async () => {
    const g = await setup();
    const peer = await addMember(t.db, g.org.id, g.group.id, ['speaker']);
    for (const email of [g.coach.email, peer.email, g.admin.email]) {
      for (const res of [await create(email, g.rec.id), await call(email, 'GET', `/recordings/${g.rec.id}/share-links`)]) {
        expect(res.statusCode, email).toBe(403);
        expect(res.json().errors[0].status).toBe(403);
      }
    }
    const link = await linkOf(g);
    const revokeByCoach = await call(g.coach.email, 'DELETE', `/recordings/${g.rec.id}/share-links/${link.shareLinkId}`);
    expect(revokeByCoach.statusCode).toBe(403);
    const other = await makeOrg(t.db, { settings: { Public_Share_Links: true } });
    expect((await create(other.admin.email, g.rec.id)).statusCode).toBe(404);
    expect((await call(other.speaker.email, 'DELETE', `/recordings/${g.rec.id}/share-links/${link.shareLinkId}`)).statusCode).toBe(404);
    // Still valid: nobody else could touch it.
    expect((await call(null, 'GET', `/shared/${link.token}`)).statusCode).toBe(200);
  });

  it("cannot revoke another recording's link through its own recording", async () => {
    const a = await setup();
    const b = await insertDoneRecording(t.db, { id: a.speaker.id, orgId: a.org.id }, a.group.id, { results: fullResults() });
    const link = await linkOf(a);
    expect((await call(a.speaker.email, 'DELETE', `/recordings/${b.id}/share-links/${link.shareLinkId}`)).statusCode).toBe(404);
  });

  it('refuses creating where the organisation does not allow links (off by default)', async () => {
    const g = await setup({ allowed: false });
    const res = await create(g.speaker.email, g.rec.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.shareLinksDisabled, message: SHARE_MSG.disabled });
    const plain = await makeOrg(t.db);
    const rec = await insertDoneRecording(t.db, { id: plain.speaker.id, orgId: plain.org.id }, plain.group.id, { results: fullResults() });
    expect((await create(plain.speaker.email, rec.id)).statusCode).toBe(403);
  });

  it('validates the expiry and the ids', async () => {
    const g = await setup();
    for (const body of [{ expiresInDays: 3 }, { expiresInDays: '7' }, {}, { expiresInDays: 7, extra: 1 }]) {
      const res = await call(g.speaker.email, 'POST', `/recordings/${g.rec.id}/share-links`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
    expect((await call(g.speaker.email, 'DELETE', `/recordings/${g.rec.id}/share-links/nope`)).statusCode).toBe(400);
    expect((await call(null, 'POST', `/recordings/${g.rec.id}/share-links`, { expiresInDays: 1 })).statusCode).toBe(401);
  });
});

describe('opening a share link', () => {
  it('shows the results and plays the media without sign-in, and nothing about other people', async () => {
    const g = await setup();
    const link = await linkOf(g);
    const res = await call(null, 'GET', `/shared/${link.token}`);
    expect(res.statusCode).toBe(200);
    const shared = ZSharedRecordingSchema.strict().parse(res.json().data);
    expect(shared.title).toBe('Pitch day');
    expect(shared.results.scores.overall).toBe(7.4);
    expect(shared.wordList).toEqual({ source: 'group', name: null, words: ['uh/um'] });
    for (const secret of [g.speaker.email, g.speaker.lastName, 'Group A', 'Secret Group Name', g.speaker.id, g.group.id, g.rec.id])
      expect(res.body).not.toContain(secret);
    expect(shared.playbackUrl).toBe(`/api/v1/shared/${link.token}/media/audio`);
    const media = await t.app.inject({ method: 'GET', url: shared.playbackUrl!, headers: { range: 'bytes=0-99' } });
    expect(media.statusCode).toBe(206);
    expect(media.rawPayload.length).toBe(100);
    // No video or peaks were made: not found, in the error shape.
    const peaks = await t.app.inject({ method: 'GET', url: `/api/v1/shared/${link.token}/media/peaks` });
    expect(peaks.statusCode).toBe(404);
    expect(peaks.json().errors[0].status).toBe(404);
  });

  it("a link to recording A plays A's media only", async () => {
    const a = await setup();
    const b = await setup();
    const linkA = await linkOf(a);
    const media = await t.app.inject({ method: 'GET', url: `/api/v1/shared/${linkA.token}/media/audio` });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(AUDIO)).toBe(true);
    // The media address has no recording id to swap; B's own signed address needs B's viewer.
    const bUrl = `/api/v1/media/${b.rec.id}/audio?u=${a.speaker.id}&exp=${Math.floor(Date.now() / 1000) + 3600}&sig=${'x'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: bUrl })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/shared/${linkA.token}/media/../../media/${b.rec.id}/audio` })).statusCode,
    ).not.toBe(200);
  });

  it('ends when the link expires, the organisation turns links off, the recording is deleted or changes hands', async () => {
    const expired = await setup();
    const l1 = await linkOf(expired);
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, l1.shareLinkId));
    expect((await call(null, 'GET', `/shared/${l1.token}`)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shared/${l1.token}/media/audio` })).statusCode).toBe(410);
    const listed = await call(expired.speaker.email, 'GET', `/recordings/${expired.rec.id}/share-links`);
    expect(listed.json().data[0].status).toBe('expired');

    const off = await setup();
    const l2 = await linkOf(off);
    await t.db.update(organisations).set({ settings: {} }).where(eq(organisations.id, off.org.id));
    expect((await call(null, 'GET', `/shared/${l2.token}`)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shared/${l2.token}/media/audio` })).statusCode).toBe(410);
    // The owner can still list and revoke it.
    expect((await call(off.speaker.email, 'DELETE', `/recordings/${off.rec.id}/share-links/${l2.shareLinkId}`)).statusCode).toBe(200);

    const deleted = await setup();
    const l3 = await linkOf(deleted);
    await t.db.update(recordings).set({ deletedAt: new Date() }).where(eq(recordings.id, deleted.rec.id));
    expect((await call(null, 'GET', `/shared/${l3.token}`)).statusCode).toBe(410);

    const moved = await setup();
    const l4 = await linkOf(moved);
    await t.db.update(recordings).set({ userId: moved.coach.id }).where(eq(recordings.id, moved.rec.id));
    expect((await call(null, 'GET', `/shared/${l4.token}`)).statusCode).toBe(410);
  });

  it('answers 404 for an unknown token and 400 for a malformed one, in the error shape', async () => {
    const unknown = await call(null, 'GET', `/shared/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ message: SHARE_MSG.gone, code: ERROR_CODES.shareLinkGone });
    for (const bad of ['short', `${'A'.repeat(42)}!`, 'A'.repeat(44)]) {
      const res = await call(null, 'GET', `/shared/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shared/${'A'.repeat(43)}/media/other` })).statusCode).toBe(400);
  });

  it('stops an address that keeps trying links that do not work, and never one whose link works', async () => {
    const g = await setup();
    const link = await linkOf(g);
    const ip = '203.0.113.77';
    const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}`, remoteAddress: ip });
    for (let i = 0; i < SHARE_LINK_FAILURES_PER_ADDRESS + 5; i++) expect((await open(link.token)).statusCode).toBe(200);
    for (let i = 0; i < SHARE_LINK_FAILURES_PER_ADDRESS; i++) expect((await open('B'.repeat(43))).statusCode).toBe(404);
    const limited = await open('B'.repeat(43));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe(ERROR_CODES.shareLinkRateLimited);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `share-link:address:${ip}`));
  });

  it('counts failures only: an address stopped after failed lookups still opens and plays every working link', async () => {
    const g = await setup();
    const link = await linkOf(g);
    const ip = '203.0.113.78';
    const open = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, remoteAddress: ip });
    for (let i = 0; i <= SHARE_LINK_FAILURES_PER_ADDRESS; i++) await open(`/shared/${'C'.repeat(43)}`);
    expect((await open(`/shared/${'C'.repeat(43)}`)).statusCode).toBe(429);
    expect((await open(`/shared/${link.token}`)).statusCode).toBe(200);
    expect((await open(`/shared/${link.token}/media/audio`)).statusCode).toBe(200);
    // Still stopped for links that do not work.
    expect((await open(`/shared/${'D'.repeat(43)}/media/audio`)).statusCode).toBe(429);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `share-link:address:${ip}`));
  });

  it('turning Public_Share_Links off revokes every link for good: turning it on again brings none back', async () => {
    const g = await setup();
    const [kept, expired] = [await linkOf(g), await linkOf(g)];
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.shareLinkId));
    const admin = await signInAs(t, g.admin.email);
    const setting = (on: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/org-settings',
        headers: { authorization: admin },
        payload: { Public_Share_Links: on },
      });
    expect((await setting(false)).statusCode).toBe(200);
    expect((await setting(true)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/shared/${kept.token}`)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shared/${kept.token}/media/audio` })).statusCode).toBe(410);
    const listed = (await call(g.speaker.email, 'GET', `/recordings/${g.rec.id}/share-links`)).json().data as {
      shareLinkId: string;
      status: string;
    }[];
    expect(Object.fromEntries(listed.map((l) => [l.shareLinkId, l.status]))).toEqual({
      [kept.shareLinkId]: 'revoked',
      [expired.shareLinkId]: 'expired',
    });
    // Another organisation's links are untouched; a new link works again.
    const other = await setup();
    const otherLink = await linkOf(other);
    expect((await call(null, 'GET', `/shared/${otherLink.token}`)).statusCode).toBe(200);
    const fresh = await linkOf(g);
    expect((await call(null, 'GET', `/shared/${fresh.token}`)).statusCode).toBe(200);
  });
});
