import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PSEUDO_GROUP_ID, ZAdminStatsSchema, ZGroupMemberSchema } from '@rostrum/contract';
import { groups, memberships, organisations, users } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'DELETE', url: string, authorization?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: authorization ? { authorization } : {} });

const DAY = 86_400_000;

async function otherGroup(orgId: string, name: string) {
  const [g] = await t.db
    .insert(groups)
    .values({ orgId, name, inviteCode: `${name}-${randomUUID().slice(0, 8)}` })
    .returning();
  return g!;
}

async function membershipOf(userId: string, groupId: string) {
  const [m] = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)));
  return m;
}

describe('GET admin/stats', () => {
  it('counts coaches/admins, active speaker seats and expired users, with the seat limit', async () => {
    const { org, group, admin } = await makeOrg(t.db, { settings: { seatLimit: 3 } });
    // A user who coaches one group and speaks in another counts in both.
    const second = await otherGroup(org.id, 'Second');
    const both = await addMember(t.db, org.id, group.id, ['manager']);
    await t.db.insert(memberships).values({ userId: both.id, groupId: second.id, roles: ['speaker'], status: 'active' });
    // Expired: a lapsed speaker, an inactive coach, and an org-role-free user with no membership.
    const lapsed = await addMember(t.db, org.id, second.id, ['speaker']);
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(memberships.userId, lapsed.id));
    const inactiveCoach = await addMember(t.db, org.id, second.id, ['manager']);
    await t.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.userId, inactiveCoach.id));
    // An org-level manager without any membership is a coach.
    const orgManager = await addMember(t.db, org.id, second.id, []);
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, orgManager.id));

    const res = await call('GET', '/admin/stats', await signInAs(t, admin.email));
    expect(res.statusCode).toBe(200);
    const stats = ZAdminStatsSchema.parse(res.json().data);
    // admin, coach, both, orgManager | speaker, both | lapsed, inactiveCoach
    expect(stats).toEqual({ coachesAndAdmins: 4, activeSpeakerSeats: 2, expiredUsers: 2, totalUsers: 7, seatLimit: 3 });
  });

  it('an absent limit is null (unlimited); another organisation is not counted', async () => {
    const a = await makeOrg(t.db);
    await makeOrg(t.db);
    const stats = (await call('GET', '/admin/stats', await signInAs(t, a.admin.email))).json().data;
    expect(stats).toEqual({ coachesAndAdmins: 2, activeSpeakerSeats: 1, expiredUsers: 0, totalUsers: 3, seatLimit: null });
  });

  it('refuses coaches, speakers and org-level managers (403) and anonymous callers (401)', async () => {
    const { org, coach, speaker } = await makeOrg(t.db, { settings: { seatLimit: 0 } });
    const manager = await addMember(t.db, org.id, (await otherGroup(org.id, 'M')).id, []);
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, manager.id));
    for (const u of [coach, speaker, manager]) {
      const res = await call('GET', '/admin/stats', await signInAs(t, u.email));
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ status: 403 });
    }
    expect((await call('GET', '/admin/stats')).statusCode).toBe(401);
  });
});

describe('DELETE groups/{id}/members', () => {
  it('makes every membership inactive: roles of expiring memberships move to expiredRoles; other groups are untouched', async () => {
    const { org, group, admin, coach, speaker } = await makeOrg(t.db, { settings: { seatLimit: 5 } });
    const inAYear = new Date(Date.now() + 365 * DAY);
    await t.db.update(memberships).set({ expiresAt: inAYear }).where(eq(memberships.userId, speaker.id));
    const lapsed = await addMember(t.db, org.id, group.id, ['speaker']);
    const lapsedAt = new Date(Date.now() - 10 * DAY);
    await t.db.update(memberships).set({ expiresAt: lapsedAt }).where(eq(memberships.userId, lapsed.id));
    const second = await otherGroup(org.id, 'Untouched');
    const elsewhere = await addMember(t.db, org.id, second.id, ['speaker']);
    const auth = await signInAs(t, admin.email);

    const res = await call('DELETE', `/groups/${group.id}/members`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deactivated: 2 });

    const s = await membershipOf(speaker.id, group.id);
    expect(s).toMatchObject({ status: 'inactive', roles: [], expiredRoles: ['speaker'] });
    expect(s!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // No expiry: nothing to keep.
    expect(await membershipOf(coach.id, group.id)).toMatchObject({ status: 'inactive', roles: [], expiredRoles: [], expiresAt: null });
    // Already lapsed: keeps its roles as expired and its own expiry date.
    const l = await membershipOf(lapsed.id, group.id);
    expect(l).toMatchObject({ status: 'inactive', roles: [], expiredRoles: ['speaker'] });
    expect(l!.expiresAt!.getTime()).toBe(lapsedAt.getTime());
    expect(await membershipOf(elsewhere.id, second.id)).toMatchObject({ status: 'active', roles: ['speaker'] });

    const list = (await call('GET', `/groups/${group.id}/members`, auth)).json().data;
    expect(list.map((m: { membershipStatus: string }) => m.membershipStatus)).toEqual(['inactive', 'inactive', 'inactive']);
    expect(list.find((m: { userId: string }) => m.userId === speaker.id)).toMatchObject({ roles: [], expiredRoles: ['speaker'] });
    expect((await call('GET', `/groups/${group.id}/members?active=1`, auth)).json().data).toEqual([]);
    // The seat is free again; the former coach can no longer list the members.
    expect((await call('GET', '/admin/stats', auth)).json().data).toMatchObject({ activeSpeakerSeats: 1, coachesAndAdmins: 1 });
    // Without any active membership the subscription rule answers first (402); with one elsewhere, 403.
    const formerCoach = await signInAs(t, coach.email);
    expect((await call('GET', `/groups/${group.id}/members`, formerCoach)).statusCode).toBe(402);
    await t.db.insert(memberships).values({ userId: coach.id, groupId: second.id, roles: ['speaker'], status: 'active' });
    expect((await call('GET', `/groups/${group.id}/members`, formerCoach)).statusCode).toBe(403);
    // Again: nothing left to deactivate, and still fine.
    expect((await call('DELETE', `/groups/${group.id}/members`, auth)).json().data).toEqual({ deactivated: 0 });
  });

  it("refuses the group's coach and speaker (403) and another organisation's admin and coach (404)", async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    for (const u of [a.coach, a.speaker]) {
      const res = await call('DELETE', `/groups/${a.group.id}/members`, await signInAs(t, u.email));
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].status).toBe(403);
    }
    for (const u of [b.admin, b.coach]) {
      const res = await call('DELETE', `/groups/${a.group.id}/members`, await signInAs(t, u.email));
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
    }
    expect((await call('DELETE', `/groups/${a.group.id}/members`)).statusCode).toBe(401);
    const rows = await t.db.select().from(memberships).where(eq(memberships.groupId, a.group.id));
    expect(rows.every((m) => m.status === 'active' && m.roles.length === 1)).toBe(true);
  });

  it('bad ids: 400 for a malformed id or the pseudo-group, 404 for an unknown group, never 500', async () => {
    const { admin, coach } = await makeOrg(t.db);
    const auth = await signInAs(t, admin.email);
    for (const [id, status] of [
      ['not-a-uuid', 400],
      ['0', 400],
      [`${randomUUID()}x`, 400],
      [randomUUID(), 404],
      [PSEUDO_GROUP_ID, 400],
    ] as const) {
      const res = await call('DELETE', `/groups/${id}/members`, auth);
      expect(res.statusCode, id).toBe(status);
      expect(res.json().errors[0].status).toBe(status);
    }
    expect((await call('DELETE', `/groups/${PSEUDO_GROUP_ID}/members`, await signInAs(t, coach.email))).statusCode).toBe(403);
  });
});

describe('GET groups/{id}/members for the admin pages', () => {
  it("?active=1 lists active memberships only; without it every member (the manage page's list)", async () => {
    const { group, coach, speaker, admin } = await makeOrg(t.db);
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(memberships.userId, speaker.id));
    for (const auth of [await signInAs(t, admin.email), await signInAs(t, coach.email)]) {
      const all = (await call('GET', `/groups/${group.id}/members`, auth)).json().data;
      expect(all.map((m: { userId: string }) => m.userId).sort()).toEqual([coach.id, speaker.id].sort());
      const active = (await call('GET', `/groups/${group.id}/members?active=1`, auth)).json().data;
      expect(active.map((m: { userId: string }) => m.userId)).toEqual([coach.id]);
      expect(ZGroupMemberSchema.parse(active[0])).toMatchObject({
        roles: ['manager'],
        membershipStatus: 'active',
        lastLoginDate: expect.any(String),
      });
    }
    expect((await call('GET', `/groups/${group.id}/members?active=yes`, await signInAs(t, admin.email))).statusCode).toBe(400);
  });

  it('each member carries canAssign: the active speakers, for the coach and org admins alike (the assign step picks them)', async () => {
    const { org, group, coach, speaker, admin } = await makeOrg(t.db);
    const lapsed = await addMember(t.db, org.id, group.id, ['speaker']);
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(memberships.userId, lapsed.id));
    const inactive = await addMember(t.db, org.id, group.id, ['speaker']);
    await t.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.userId, inactive.id));
    for (const auth of [await signInAs(t, admin.email), await signInAs(t, coach.email)]) {
      const list = (await call('GET', `/groups/${group.id}/members`, auth)).json().data.map((m: unknown) => ZGroupMemberSchema.parse(m));
      const assignable = Object.fromEntries(
        list.map((m: { userId: string; abilities: { canAssign: boolean } }) => [m.userId, m.abilities.canAssign]),
      );
      expect(assignable).toEqual({ [coach.id]: false, [speaker.id]: true, [lapsed.id]: false, [inactive.id]: false });
    }
    const pseudo = (await call('GET', `/groups/${PSEUDO_GROUP_ID}/members`, await signInAs(t, admin.email))).json().data;
    expect(pseudo.map((m: { abilities: { canAssign: boolean } }) => m.abilities.canAssign)).toEqual([false]);
  });

  it('the pseudo-group lists the org admins and managers, for org admins only', async () => {
    const { org, admin, coach, speaker, group } = await makeOrg(t.db, { type: 'edu' });
    const manager = await addMember(t.db, org.id, group.id, ['speaker']);
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, manager.id));
    const res = await call('GET', `/groups/${PSEUDO_GROUP_ID}/members`, await signInAs(t, admin.email));
    expect(res.statusCode).toBe(200);
    const list = res.json().data.map((m: unknown) => ZGroupMemberSchema.parse(m));
    expect(list.map((m: { userId: string; roles: string[] }) => [m.userId, m.roles])).toEqual(
      expect.arrayContaining([
        [admin.id, ['admin', 'manager']],
        [manager.id, ['manager']],
      ]),
    );
    expect(list).toHaveLength(2);
    expect((await call('GET', `/groups/${PSEUDO_GROUP_ID}/members?active=1`, await signInAs(t, admin.email))).json().data).toHaveLength(2);
    for (const u of [coach, speaker, manager]) {
      expect((await call('GET', `/groups/${PSEUDO_GROUP_ID}/members`, await signInAs(t, u.email))).statusCode).toBe(403);
    }
    // An admin of another organisation sees their own org-level users, never these.
    const other = await makeOrg(t.db);
    const theirs = (await call('GET', `/groups/${PSEUDO_GROUP_ID}/members`, await signInAs(t, other.admin.email))).json().data;
    expect(theirs.map((m: { userId: string }) => m.userId)).toEqual([other.admin.id]);
  });

  it('an unknown or malformed group id is 404 / 400 in the error shape', async () => {
    const { admin } = await makeOrg(t.db);
    const auth = await signInAs(t, admin.email);
    expect((await call('GET', `/groups/${randomUUID()}/members`, auth)).statusCode).toBe(404);
    const bad = await call('GET', '/groups/0/members', auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].status).toBe(400);
  });
});

describe('organisation settings feed the stats', () => {
  it('a seat limit of 0 is reported as 0, not unlimited', async () => {
    const { org, admin } = await makeOrg(t.db);
    await t.db
      .update(organisations)
      .set({ settings: { seatLimit: 0 } })
      .where(eq(organisations.id, org.id));
    expect((await call('GET', '/admin/stats', await signInAs(t, admin.email))).json().data.seatLimit).toBe(0);
  });
});
