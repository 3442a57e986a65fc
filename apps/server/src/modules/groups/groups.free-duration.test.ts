import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears } from 'date-fns';
import { ERROR_CODES } from '@rostrum/contract';
import { groups, memberships } from '../../db/schema.js';
import { makeOrg, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';

// Issue 12 item 1: a group's free duration (000 sections 1, 3, 9): set on the group form, by
// default the organisation's; speakers who join it get access for that long, and a membership
// that is not active says why (002 section 2.10).

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, authorization: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });

/** Signs up a new speaker with the group's invite code and returns their Authorization header. */
async function signUpSpeaker(inviteCode: string): Promise<string> {
  const res = await call('POST', '/auth/sign-up', null, signUpBody(inviteCode));
  expect(res.statusCode).toBe(200);
  const key = await call('POST', '/auth/sign-in/key', null, { key: res.json().data.signInKey });
  return `Bearer ${key.json().data.orgCode}-${key.json().data.apiKey}`;
}

const yearsBetween = (a: string, b: Date) => (new Date(a).getTime() - b.getTime()) / (365.25 * 24 * 3600 * 1000);

describe('POST groups: free duration', () => {
  it('a new group takes the free duration it is given; a speaker who signs up gets an active membership that long', async () => {
    const { admin } = await makeOrg(t.db, { freeYears: null });
    const res = await call('POST', '/groups', await signInAs(t, admin.email), { name: 'Evening Class', freeDuration: { years: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toEqual({ freeDuration: { years: 2 } });

    const before = new Date();
    const speaker = await signUpSpeaker(res.json().data.inviteCode);
    const [mine] = (await call('GET', '/me', speaker)).json().data.groups;
    expect(mine).toMatchObject({
      groupId: res.json().data.groupId,
      roles: ['speaker'],
      membershipStatus: 'active',
      membershipPerpetual: false,
      membershipAccess: { status: 'active', reason: null },
      abilities: { canRecord: true },
    });
    expect(yearsBetween(mine.membershipExpires, before)).toBeCloseTo(2, 1);
    expect(new Date(mine.membershipExpires).getTime()).toBeLessThanOrEqual(addYears(new Date(), 2).getTime());
  });

  it("without one, the new group starts with the organisation's free duration", async () => {
    const { admin, org } = await makeOrg(t.db, { settings: { freeDuration: { years: 3 } }, freeYears: null });
    const res = await call('POST', '/groups', await signInAs(t, admin.email), { name: 'Defaulted', orgName: org.name });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toEqual({ freeDuration: { years: 3 } });
    const [row] = await t.db.select().from(groups).where(eq(groups.id, res.json().data.groupId));
    expect(row!.settings).toEqual({ freeDuration: { years: 3 } });
  });

  it('a coach who may add groups sets it from manage too', async () => {
    const { coach, org } = await makeOrg(t.db, { freeYears: null });
    const { users } = await import('../../db/schema.js');
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, coach.id));
    const res = await call('POST', '/groups', await signInAs(t, coach.email), {
      name: 'Coached',
      orgName: org.name,
      freeDuration: { years: 0.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toEqual({ freeDuration: { years: 0.5 } });
  });

  it('refuses a free duration out of range or of the wrong shape with 400 request.invalid', async () => {
    const { admin } = await makeOrg(t.db);
    const auth = await signInAs(t, admin.email);
    for (const freeDuration of [{ years: -1 }, { years: 101 }, { years: '2' }, { months: 6 }, { years: 1, months: 2 }, 5]) {
      const res = await call('POST', '/groups', auth, { name: `Bad ${JSON.stringify(freeDuration)}`, freeDuration });
      expect(res.statusCode, JSON.stringify(freeDuration)).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.requestInvalid);
    }
    for (const years of [0, 15, 100]) {
      const res = await call('POST', '/groups', auth, { name: `Fine ${years}`, freeDuration: { years } });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('PUT groups/{id}: free duration', () => {
  it('an admin changes it; absent leaves it; null follows the organisation again', async () => {
    const { admin, group } = await makeOrg(t.db, { freeYears: 1 });
    const auth = await signInAs(t, admin.email);
    const set = await call('PUT', `/groups/${group.id}`, auth, { name: group.name, freeDuration: { years: 4 } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.settings.freeDuration).toEqual({ years: 4 });
    const kept = await call('PUT', `/groups/${group.id}`, auth, { name: group.name });
    expect(kept.json().data.settings.freeDuration).toEqual({ years: 4 });
    const cleared = await call('PUT', `/groups/${group.id}`, auth, { name: group.name, freeDuration: null });
    expect(cleared.json().data.settings.freeDuration).toBeNull();
    expect((await call('PUT', `/groups/${group.id}`, auth, { name: group.name, freeDuration: { years: 101 } })).statusCode).toBe(400);
  });
});

describe('membership access: never perpetual while not active, always with a reason', () => {
  it('a speaker who joins a group without free access is not active yet (no-free-access), not perpetual', async () => {
    const { admin } = await makeOrg(t.db, { freeYears: null });
    const adminAuth = await signInAs(t, admin.email);
    const created = (await call('POST', '/groups', adminAuth, { name: 'No Free Access', freeDuration: { years: 0 } })).json().data;
    const speaker = await signUpSpeaker(created.inviteCode);
    const mine = (await call('GET', '/me', speaker)).json().data.groups[0];
    expect(mine).toMatchObject({
      membershipStatus: 'inactive',
      membershipExpires: null,
      membershipPerpetual: false,
      membershipAccess: { status: 'not-active-yet', reason: 'no-free-access' },
      abilities: { canRecord: false },
    });

    // The admin gives the group free access: the speaker is told and activates by joining again.
    await call('PUT', `/groups/${created.groupId}`, adminAuth, { name: created.name, freeDuration: { years: 1 } });
    const waiting = (await call('GET', '/groups', speaker)).json().data[0];
    expect(waiting.membershipAccess).toEqual({ status: 'not-active-yet', reason: 'free-access-available' });
    const joined = await call('POST', '/groups/join', speaker, { inviteCode: created.inviteCode });
    expect(joined.json().data.group).toMatchObject({ membershipStatus: 'active', membershipAccess: { status: 'active', reason: null } });
  });

  it('an expired membership says expired; one whose roles were all taken says removed', async () => {
    const { speaker, coach, group } = await makeOrg(t.db);
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(memberships.userId, speaker.id));
    const expired = (await call('GET', `/groups/${group.id}`, await signInAs(t, speaker.email))).json().data;
    expect(expired).toMatchObject({ membershipPerpetual: false, membershipAccess: { status: 'expired', reason: 'expired' } });

    await t.db.update(memberships).set({ roles: [], status: 'inactive' }).where(eq(memberships.userId, coach.id));
    const [removed] = (await call('GET', '/me', await signInAs(t, coach.email))).json().data.groups;
    expect(removed).toMatchObject({ membershipPerpetual: false, membershipAccess: { status: 'inactive', reason: 'removed' } });
  });
});
