import { addYears } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERS_MSG, ERROR_CODES, coachNotSpeakerMessage, DEFAULT_EMAIL_PREFERENCES, MSG, PSEUDO_GROUP_ID } from '@rostrum/contract';
import { groups, memberships, organisations, users } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

const errorOf = (res: { json: () => { errors: { message: string; status: number }[] } }) => res.json().errors[0]!;
const pseudo = (roles: string[] = []) => ({ groupId: PSEUDO_GROUP_ID, roles });

async function extraGroup(orgId: string, name: string, freeYears: number | null = 1) {
  const [g] = await t.db
    .insert(groups)
    .values({ orgId, name, inviteCode: null, settings: { freeDuration: freeYears === null ? null : { years: freeYears } } })
    .returning();
  return g!;
}

async function membership(userId: string, groupId: string) {
  const [m] = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)));
  return m;
}

describe('GET users', () => {
  it("lists the organisation's users by last then first name, with status, type and active groups", async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const zed = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    await t.db.update(users).set({ firstName: 'Abe', lastName: 'Zed', name: 'Abe Zed' }).where(eq(users.id, zed.id));
    const lapsed = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    await t.db.update(users).set({ firstName: 'Al', lastName: 'Able', name: 'Al Able' }).where(eq(users.id, lapsed.id));
    await t.db
      .update(memberships)
      .set({ status: 'inactive', expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(memberships.userId, lapsed.id));

    const res = await call('GET', '/users', await signInAs(t, o.admin.email));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 5, tooMany: false });
    // admin, coach and speaker all have the last name 'Person': first names decide.
    expect(data.users.map((u: { name: string }) => u.name)).toEqual([
      'Al Able',
      'admin Person',
      'coach Person',
      'speaker Person',
      'Abe Zed',
    ]);
    const byName = Object.fromEntries(data.users.map((u: { name: string }) => [u.name, u]));
    expect(byName['admin Person']).toMatchObject({
      status: 'active',
      membershipType: 'coach/admin',
      isOrgAdmin: true,
      activeGroups: [{ groupId: PSEUDO_GROUP_ID, name: 'Coaches and Admins', isPseudoGroup: true, roles: ['admin', 'manager'] }],
    });
    expect(byName['coach Person']).toMatchObject({
      status: 'active',
      membershipType: 'coach/admin',
      activeGroups: [{ groupId: o.group.id, name: 'Group A', roles: ['manager'] }],
    });
    expect(byName['speaker Person']).toMatchObject({ status: 'active', membershipType: 'speaker', activeGroups: [{ roles: ['speaker'] }] });
    expect(byName['Al Able']).toMatchObject({ status: 'inactive', membershipType: 'speaker', activeGroups: [] });
    expect(data.users.some((u: { email: string }) => u.email === other.admin.email)).toBe(false);
  });

  it('filters by ?search= on name or email, case-insensitively', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const byEmail = (await call('GET', `/users?search=${encodeURIComponent(o.coach.email.toUpperCase())}`, auth)).json().data;
    expect(byEmail.users.map((u: { userId: string }) => u.userId)).toEqual([o.coach.id]);
    const byName = (await call('GET', '/users?search=SPEAKER%20pers', auth)).json().data;
    expect(byName.users.map((u: { userId: string }) => u.userId)).toEqual([o.speaker.id]);
    expect((await call('GET', '/users?search=%25', auth)).json().data.users).toEqual([]);
  });

  it('at 1000 users or more returns the total and only search matches', async () => {
    const o = await makeOrg(t.db);
    const rows = Array.from({ length: 997 }, (_, i) => ({
      orgId: o.org.id,
      email: `bulk-${i}-${o.org.code}@example.test`,
      passwordHash: 'x',
      firstName: 'Bulk',
      lastName: `User${String(i).padStart(4, '0')}`,
      name: `Bulk User${String(i).padStart(4, '0')}`,
      emailPreferences: DEFAULT_EMAIL_PREFERENCES,
    }));
    await t.db.insert(users).values(rows);
    const auth = await signInAs(t, o.admin.email);
    const all = (await call('GET', '/users', auth)).json().data;
    expect(all).toEqual({ total: 1000, tooMany: true, users: [] });
    const found = (await call('GET', '/users?search=user0042', auth)).json().data;
    expect(found.tooMany).toBe(true);
    expect(found.users.map((u: { name: string }) => u.name)).toEqual(['Bulk User0042']);
  });

  it('is for org admins only: coaches and speakers get 403; another organisation sees none of these users', async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    expect((await call('GET', '/users', await signInAs(t, o.coach.email))).statusCode).toBe(403);
    const sp = await call('GET', '/users', await signInAs(t, o.speaker.email));
    expect(sp.statusCode).toBe(403);
    expect(errorOf(sp)).toEqual({ message: MSG.forbidden, status: 403, code: ERROR_CODES.permissionDenied });
    const theirs = (await call('GET', '/users', await signInAs(t, other.admin.email))).json().data;
    expect(theirs.users.map((u: { userId: string }) => u.userId)).not.toContain(o.coach.id);
    expect((await call('GET', '/users', '')).statusCode).toBe(401);
  });

  it('refuses a bad query with 400 in the error shape', async () => {
    const o = await makeOrg(t.db);
    const res = await call('GET', `/users?search=${'x'.repeat(300)}`, await signInAs(t, o.admin.email));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).status).toBe(400);
    expect((await call('GET', '/users?other=1', await signInAs(t, o.admin.email))).statusCode).toBe(400);
  });
});

describe('GET users/{userId}', () => {
  it('returns the user, every group with the membership, and the org facts', async () => {
    const o = await makeOrg(t.db);
    const later = await extraGroup(o.org.id, 'B Group', null);
    const expired = new Date(Date.now() - 86_400_000);
    await t.db
      .insert(memberships)
      .values({ userId: o.speaker.id, groupId: later.id, roles: ['speaker'], status: 'inactive', expiresAt: expired });
    const res = await call('GET', `/users/${o.speaker.id}`, await signInAs(t, o.admin.email));
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.user).toMatchObject({ userId: o.speaker.id, email: o.speaker.email, isOrgAdmin: false, isOrgManager: false });
    expect(d.user.orgAccess).toEqual({ manager: false, admin: false });
    expect(d.org).toEqual({ type: 'other', billingModel: 0, freeDuration: null, hasPerpetualFreeDuration: false });
    expect(d.groups).toEqual([
      expect.objectContaining({
        groupId: later.id,
        name: 'B Group',
        freeDuration: null,
        membershipStatus: 'inactive',
        roles: [],
        expiredRoles: ['speaker'],
        membershipExpires: expired.toISOString(),
        // An expired role leaves its box unchecked.
        granted: { manager: false, speaker: false },
      }),
      expect.objectContaining({
        groupId: o.group.id,
        name: 'Group A',
        freeDuration: { years: 15 },
        membershipStatus: 'active',
        roles: ['speaker'],
        membershipPerpetual: true,
        granted: { manager: false, speaker: true },
      }),
    ]);
    const admin = (await call('GET', `/users/${o.coach.id}`, await signInAs(t, o.admin.email))).json().data;
    expect(admin.groups.find((g: { groupId: string }) => g.groupId === later.id)).toMatchObject({
      membershipStatus: null,
      roles: [],
      granted: { manager: false, speaker: false },
    });
    expect(admin.groups.find((g: { groupId: string }) => g.groupId === o.group.id)).toMatchObject({
      granted: { manager: true, speaker: false },
    });
    const self = (await call('GET', `/users/${o.admin.id}`, await signInAs(t, o.admin.email))).json().data;
    expect(self.user.orgAccess).toEqual({ manager: true, admin: true });
  });

  it("403 for coaches and speakers, 404 for another organisation's admin or an unknown user, 400 for a bad id", async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    expect((await call('GET', `/users/${o.speaker.id}`, await signInAs(t, o.coach.email))).statusCode).toBe(403);
    expect((await call('GET', `/users/${o.speaker.id}`, await signInAs(t, o.speaker.email))).statusCode).toBe(403);
    const otherAdmin = await signInAs(t, other.admin.email);
    const res = await call('GET', `/users/${o.speaker.id}`, otherAdmin);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ message: MSG.notFound, status: 404, code: ERROR_CODES.resourceNotFound });
    expect((await call('GET', `/users/${crypto.randomUUID()}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/users/not-a-uuid', otherAdmin)).statusCode).toBe(400);
  });
});

describe('PUT users/{userId}', () => {
  it('grants and removes group and org-level roles', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const second = await extraGroup(o.org.id, 'Second', 2);
    const before = Date.now();
    const res = await call('PUT', `/users/${o.speaker.id}`, auth, {
      roles: [pseudo(['manager']), { groupId: o.group.id, roles: ['speaker'] }, { groupId: second.id, roles: ['manager'] }],
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.user).toMatchObject({ isOrgManager: true, isOrgAdmin: false, orgAccess: { manager: true, admin: false } });
    expect(d.groups.find((g: { groupId: string }) => g.groupId === second.id)).toMatchObject({
      roles: ['manager'],
      granted: { manager: true, speaker: false },
      membershipStatus: 'active',
      membershipExpires: null,
    });
    const [u] = await t.db.select().from(users).where(eq(users.id, o.speaker.id));
    expect(u!.orgRoles).toEqual(['manager']);

    // A coach becomes a speaker of a group: the speaker role lasts the group's free duration.
    await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(), { groupId: second.id, roles: ['speaker'] }] });
    const m = await membership(o.coach.id, second.id);
    expect(m).toMatchObject({ roles: ['speaker'], status: 'active' });
    const coachView = (await call('GET', `/users/${o.coach.id}`, auth)).json().data;
    expect(coachView.groups.find((g: { groupId: string }) => g.groupId === second.id)).toMatchObject({ membershipPerpetual: false });
    // A 15-year free duration counts as perpetual, although a moment after the grant its end is less than 15 years away.
    const long = await extraGroup(o.org.id, 'Long', 15);
    const longView = (
      await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(), { groupId: long.id, roles: ['speaker'] }] })
    ).json().data;
    expect(longView.groups.find((g: { groupId: string }) => g.groupId === long.id)).toMatchObject({
      roles: ['speaker'],
      membershipPerpetual: true,
    });
    // The free duration in calendar years (freeAccessUntil).
    const years2 = addYears(before, 2).getTime();
    expect(Math.abs(m!.expiresAt!.getTime() - years2)).toBeLessThan(60_000);

    // Removing every role deactivates the membership; the admin flag gives admin and manager.
    const removed = await call('PUT', `/users/${o.speaker.id}`, auth, {
      roles: [pseudo(['manager', 'admin']), { groupId: o.group.id, roles: [] }, { groupId: second.id, roles: ['manager'] }],
    });
    expect(removed.json().data.groups.find((g: { groupId: string }) => g.groupId === o.group.id)).toMatchObject({
      membershipStatus: 'inactive',
      roles: [],
      expiredRoles: [],
    });
    const [u2] = await t.db.select().from(users).where(eq(users.id, o.speaker.id));
    expect(u2!.orgRoles).toEqual(['admin', 'manager']);
  });

  it('leaves groups not listed (expired roles not re-granted) and unchanged roles as they are', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const lapsedGroup = await extraGroup(o.org.id, 'Lapsed', 1);
    const past = new Date(Date.now() - 86_400_000);
    await t.db
      .insert(memberships)
      .values({ userId: o.speaker.id, groupId: lapsedGroup.id, roles: ['speaker'], status: 'inactive', expiresAt: past });
    const expiry = new Date(Date.now() + 30 * 86_400_000);
    await t.db
      .update(memberships)
      .set({ expiresAt: expiry })
      .where(and(eq(memberships.userId, o.speaker.id), eq(memberships.groupId, o.group.id)));
    const res = await call('PUT', `/users/${o.speaker.id}`, auth, { roles: [pseudo(), { groupId: o.group.id, roles: ['speaker'] }] });
    expect(res.statusCode).toBe(200);
    expect((await membership(o.speaker.id, o.group.id))!.expiresAt!.toISOString()).toBe(expiry.toISOString());
    expect(await membership(o.speaker.id, lapsedGroup.id)).toMatchObject({ roles: ['speaker'], status: 'inactive', expiresAt: past });
    // An entry of [] for the lapsed group changes nothing either.
    await call('PUT', `/users/${o.speaker.id}`, auth, { roles: [pseudo(), { groupId: lapsedGroup.id, roles: [] }] });
    expect(await membership(o.speaker.id, lapsedGroup.id)).toMatchObject({ roles: ['speaker'], status: 'inactive' });
  });

  it('the payload always holds the pseudo-group entry with [], [manager] or [admin, manager]', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const put = (payload: unknown) => call('PUT', `/users/${o.coach.id}`, auth, payload);
    for (const bad of [
      { roles: [{ groupId: o.group.id, roles: ['manager'] }] },
      { roles: [pseudo(['admin'])] },
      { roles: [pseudo(['speaker'])] },
      { roles: [pseudo(['manager', 'manager'])] },
      { roles: [pseudo(), pseudo()] },
      { roles: [pseudo(), { groupId: o.group.id, roles: ['admin'] }] },
      { roles: [pseudo(), { groupId: o.group.id, roles: ['manager'] }, { groupId: o.group.id, roles: [] }] },
      { roles: [pseudo(), { groupId: o.group.id, roles: ['owner'] }] },
      { roles: [pseudo(), { groupId: 'nope', roles: [] }] },
      { roles: 'all' },
      { roles: [pseudo()], extra: true },
      {},
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
    const coachSpeaker = await put({ roles: [pseudo(), { groupId: o.group.id, roles: ['manager', 'speaker'] }] });
    expect(coachSpeaker.statusCode).toBe(400);
    expect(errorOf(coachSpeaker).message).toBe(coachNotSpeakerMessage('other'));
    const notJson = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${o.coach.id}`,
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("403 for coaches and speakers; 404 for another organisation's user or group", async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const body = { roles: [pseudo(['admin', 'manager'])] };
    expect((await call('PUT', `/users/${o.coach.id}`, await signInAs(t, o.coach.email), body)).statusCode).toBe(403);
    expect((await call('PUT', `/users/${o.coach.id}`, await signInAs(t, o.speaker.email), body)).statusCode).toBe(403);
    const otherAdmin = await signInAs(t, other.admin.email);
    expect((await call('PUT', `/users/${o.coach.id}`, otherAdmin, body)).statusCode).toBe(404);
    const foreignGroup = await call('PUT', `/users/${other.coach.id}`, otherAdmin, {
      roles: [pseudo(), { groupId: o.group.id, roles: ['manager'] }],
    });
    expect(foreignGroup.statusCode).toBe(404);
    const [u] = await t.db.select().from(users).where(eq(users.id, o.coach.id));
    expect(u!.orgRoles).toEqual([]);
  });

  it('402 when a new speaker seat would pass the seat limit; nothing of the request is saved', async () => {
    const o = await makeOrg(t.db, { settings: { seatLimit: 1 } });
    const auth = await signInAs(t, o.admin.email);
    const second = await extraGroup(o.org.id, 'Second', 1);
    const res = await call('PUT', `/users/${o.coach.id}`, auth, {
      roles: [pseudo(['manager']), { groupId: second.id, roles: ['speaker'] }],
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toEqual({ message: MSG.roleSaveSeatText, status: 402, code: ERROR_CODES.seatsLimitReached });
    expect(await membership(o.coach.id, second.id)).toBeUndefined();
    const [u] = await t.db.select().from(users).where(eq(users.id, o.coach.id));
    expect(u!.orgRoles).toEqual([]);
    // The speaker already holds the one seat: another speaker group takes no new seat.
    const same = await call('PUT', `/users/${o.speaker.id}`, auth, {
      roles: [pseudo(), { groupId: o.group.id, roles: ['speaker'] }, { groupId: second.id, roles: ['speaker'] }],
    });
    expect(same.statusCode).toBe(200);
    // Freeing the seat lets the coach have it.
    await call('PUT', `/users/${o.speaker.id}`, auth, {
      roles: [pseudo(), { groupId: o.group.id, roles: [] }, { groupId: second.id, roles: [] }],
    });
    expect(
      (await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(), { groupId: second.id, roles: ['speaker'] }] })).statusCode,
    ).toBe(200);
  });

  // The server half of the e2e seat-limit check (admin-users.spec.ts mocks this answer in the page):
  // a former speaker, whose roles were cleared, is given Speaker again while every seat is taken.
  it('402 for a former speaker given the Speaker role again when every seat is taken; the seat stays free', async () => {
    const o = await makeOrg(t.db, { settings: { seatLimit: 1 } });
    const auth = await signInAs(t, o.admin.email);
    const cleared = await call('PUT', `/users/${o.speaker.id}`, auth, { roles: [pseudo(), { groupId: o.group.id, roles: [] }] });
    expect(cleared.statusCode).toBe(200);
    // Someone else takes the freed seat.
    const second = await extraGroup(o.org.id, 'Second', 1);
    const taken = await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(), { groupId: second.id, roles: ['speaker'] }] });
    expect(taken.statusCode).toBe(200);
    const before = await membership(o.speaker.id, o.group.id);

    const res = await call('PUT', `/users/${o.speaker.id}`, auth, { roles: [pseudo(), { groupId: o.group.id, roles: ['speaker'] }] });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toEqual({ message: MSG.roleSaveSeatText, status: 402, code: ERROR_CODES.seatsLimitReached });
    expect(MSG.roleSaveSeatTitle).toBe('Could not save changes');
    expect(MSG.roleSaveSeatText).toBe(
      'You are already using your maximum number of speaker seats. Please either contact the provider to arrange for an upgrade or deactivate a non-coach speaker seat to free up a license.',
    );
    // Nothing was saved: the membership stays inactive, as it was.
    expect(before).toMatchObject({ status: 'inactive' });
    expect(await membership(o.speaker.id, o.group.id)).toEqual(before);
  });

  it('a speaker role needs a free duration, and is not re-granted over expired roles under billing model 0', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const noFree = await extraGroup(o.org.id, 'Paid', null);
    const res = await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(), { groupId: noFree.id, roles: ['speaker'] }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('free duration');
    // An organisation-wide free duration is enough.
    await t.db
      .update(organisations)
      .set({ settings: { freeDuration: { years: 1 } } })
      .where(eq(organisations.id, o.org.id));
    expect(
      (await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(), { groupId: noFree.id, roles: ['speaker'] }] })).statusCode,
    ).toBe(200);

    await t.db
      .update(memberships)
      .set({ status: 'inactive', expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(memberships.userId, o.speaker.id), eq(memberships.groupId, o.group.id)));
    const regrant = await call('PUT', `/users/${o.speaker.id}`, auth, { roles: [pseudo(), { groupId: o.group.id, roles: ['speaker'] }] });
    expect(regrant.statusCode).toBe(400);
    expect(errorOf(regrant).message).toContain('expired');
    // A coach role may be granted over expired roles; under billing model 1 the speaker role too.
    await t.db.update(organisations).set({ billingModel: 1 }).where(eq(organisations.id, o.org.id));
    expect(
      (await call('PUT', `/users/${o.speaker.id}`, auth, { roles: [pseudo(), { groupId: o.group.id, roles: ['speaker'] }] })).statusCode,
    ).toBe(200);
  });

  it('an organisation keeps at least one admin; an admin may remove their own admin role when another remains', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const last = await call('PUT', `/users/${o.admin.id}`, auth, { roles: [pseudo(['manager'])] });
    expect(last.statusCode).toBe(409);
    expect(errorOf(last).message).toBe(ADMIN_USERS_MSG.lastAdmin);
    await call('PUT', `/users/${o.coach.id}`, auth, { roles: [pseudo(['admin', 'manager'])] });
    expect((await call('PUT', `/users/${o.admin.id}`, auth, { roles: [pseudo([])] })).statusCode).toBe(200);
    // The next call of the former admin is refused.
    expect((await call('GET', '/users', auth)).statusCode).toBe(403);
  });
});
