import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { DashboardCache } from './dashboard-cache.js';

// The dashboard cache (DASHBOARD_CACHE_SECONDS): dashboards kept per caller, a group's figures that
// depend on no caller shared by its coaches, all emptied by any change made through the API, and
// never standing in for the permission checks.

const alice = { orgId: 'org-1', userId: 'user-1' };

describe('DashboardCache', () => {
  it('computes once for a caller and a dashboard while it is fresh, and shares a computation under way', async () => {
    const cache = new DashboardCache(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([cache.get(alice, 'd', compute), cache.get(alice, 'd', compute)]);
    expect([a, b, await cache.get(alice, 'd', compute)]).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
  });

  it('keeps callers, organisations and dashboards apart', async () => {
    const cache = new DashboardCache(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get(alice, 'd', compute);
    expect(await cache.get({ ...alice, userId: 'user-2' }, 'd', compute)).toBe(2);
    expect(await cache.get({ ...alice, orgId: 'org-2' }, 'd', compute)).toBe(3);
    expect(await cache.get(alice, 'other', compute)).toBe(4);
    expect(await cache.get(alice, 'd', compute)).toBe(1);
  });

  it('shares figures that depend on no caller within an organisation only, and a change empties them too', async () => {
    const cache = new DashboardCache(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.shared('org-1', 'figures', compute)).toBe(1);
    expect(await cache.shared('org-1', 'figures', compute)).toBe(1);
    expect(await cache.shared('org-2', 'figures', compute)).toBe(2);
    // Never a caller's own entry: a caller asking for the same name computes their own.
    expect(await cache.get(alice, 'figures', compute)).toBe(3);
    cache.afterRequest('POST');
    expect(await cache.shared('org-1', 'figures', compute)).toBe(4);
  });

  it('computes anew once the lifetime is over, and always with a lifetime of 0', async () => {
    const short = new DashboardCache(20);
    let runs = 0;
    const compute = async () => ++runs;
    await short.get(alice, 'd', compute);
    await new Promise((r) => setTimeout(r, 40));
    expect(await short.get(alice, 'd', compute)).toBe(2);
    const off = new DashboardCache(0);
    await off.get(alice, 'd', compute);
    expect(await off.get(alice, 'd', compute)).toBe(4);
    expect(off.size).toBe(0);
  });

  it('counts the lifetime from when the figures are ready, so a slow computation is still reused', async () => {
    const cache = new DashboardCache(50);
    let runs = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 80));
    await cache.get(alice, 'd', slow);
    expect(await cache.get(alice, 'd', slow)).toBe(1);
  });

  it('never serves a failed computation again', async () => {
    const cache = new DashboardCache(60_000);
    await expect(cache.get(alice, 'd', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(alice, 'd', async () => 'up')).toBe('up');
  });

  it('is emptied by a request that may change something, not by reads', async () => {
    const cache = new DashboardCache(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get(alice, 'd', compute);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) cache.afterRequest(method);
    expect(await cache.get(alice, 'd', compute)).toBe(1);
    cache.afterRequest('PATCH');
    expect(await cache.get(alice, 'd', compute)).toBe(2);
  });
});

describe('dashboards with the cache on', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { dashboardCacheSeconds: 60 } });
  });
  afterAll(async () => t?.close());

  const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
  const total = async (url: string, authorization: string) => {
    const res = await get(url, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.stats.totalRecordings as number;
  };

  it("serve a caller's figures again until a change goes through the API; other coaches share the group's", async () => {
    const o = await makeOrg(t.db, { settings: { Assignments: true } });
    const coach2 = await addMember(t.db, o.org.id, o.group.id, ['manager']);
    const coach = await signInAs(t, o.coach.email);
    const speaker = await signInAs(t, o.speaker.email);
    // Signed in first: signing in is a POST, which empties the cache.
    const coach2Auth = await signInAs(t, coach2.email);
    const url = `/groups/${o.group.id}/dashboard`;
    const shared = { submitted: true, feedbackRequested: true };
    await insertDoneRecording(t.db, o.speaker, o.group.id, shared);
    expect(await total(url, coach)).toBe(1);
    expect(await total('/me/dashboard', speaker)).toBe(1);

    // Written straight into the database (as the worker does): the kept figures still show.
    await insertDoneRecording(t.db, o.speaker, o.group.id, shared);
    expect(await total(url, coach)).toBe(1);
    expect(await total('/me/dashboard', speaker)).toBe(1);
    // Another coach of the group gets the group's kept figures (they depend on no caller) through
    // their own view, computed for them: the same count, as of the first coach's call.
    expect(await total(url, coach2Auth)).toBe(1);

    // Any change through the API (here a refused one) empties the cache.
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/feedback', headers: { authorization: speaker }, payload: {} });
    expect(write.statusCode).toBe(400);
    expect(await total(url, coach)).toBe(2);
    expect(await total(url, coach2Auth)).toBe(2);
    expect(await total('/me/dashboard', speaker)).toBe(2);
  }, 60_000);

  it('check the caller on every call: a coach who is a speaker there now is refused while their figures are kept', async () => {
    const o = await makeOrg(t.db, { settings: { Assignments: true } });
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const coach = await signInAs(t, o.coach.email);
    const url = `/groups/${o.group.id}/dashboard`;
    expect(await total(url, coach)).toBe(0);
    // Another organisation's coach asking for the same group learns nothing.
    expect((await get(url, await signInAs(t, other.coach.email))).statusCode).toBe(404);
    await t.db
      .update(memberships)
      .set({ roles: ['speaker'] })
      .where(and(eq(memberships.userId, o.coach.id), eq(memberships.groupId, o.group.id)));
    expect((await get(url, coach)).statusCode).toBe(403);
  }, 60_000);
});
