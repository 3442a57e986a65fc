import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, alreadyCoachMessage, MSG, PSEUDO_GROUP_ID } from '@rostrum/contract';
import { groups, memberships } from '../../db/schema.js';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

async function secondGroup(orgId: string, name: string, orgName: string) {
  const [g] = await t.db
    .insert(groups)
    .values({ orgId, name, inviteCode: `${orgName}-${name}`.replace(/\W+/g, '-'), settings: { freeDuration: { years: 1 } } })
    .returning();
  return g!;
}

describe('POST groups/join', () => {
  it('joins a group of the same organisation as a speaker, case-insensitively, and is idempotent', async () => {
    const { org, speaker } = await makeOrg(t.db);
    const g = await secondGroup(org.id, 'Evening Class', org.name);
    const auth = await signInAs(t, speaker.email);
    const res = await call('POST', '/groups/join', auth, { inviteCode: g.inviteCode!.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.group).toMatchObject({ groupId: g.id, roles: ['speaker'], membershipStatus: 'active' });
    expect((await call('POST', '/groups/join', auth, { inviteCode: g.inviteCode })).statusCode).toBe(200);
  });

  it("409 for a coach of that group, in the organisation's vocabulary", async () => {
    const { coach, group } = await makeOrg(t.db, { type: 'edu' });
    const res = await call('POST', '/groups/join', await signInAs(t, coach.email), { inviteCode: group.inviteCode });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(alreadyCoachMessage('edu').title);
    expect(res.json().errors[0].code).toBe(ERROR_CODES.groupAlreadyCoach);
    expect(res.json().errors[0].message).toBe('You are already an Instructor in this Class');
  });

  it('402 with the join message when the seat limit is reached', async () => {
    const { coach, group } = await makeOrg(t.db, { settings: { seatLimit: 1 } });
    const other = await secondGroup(group.orgId, 'Other', 'x');
    const res = await call('POST', '/groups/join', await signInAs(t, coach.email), { inviteCode: other.inviteCode });
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0].message).toBe(MSG.joinSeatLimit);
  });

  it('404 for an unknown code and for a code of another organisation', async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    const auth = await signInAs(t, a.speaker.email);
    for (const inviteCode of ['nothing-here', b.group.inviteCode]) {
      const res = await call('POST', '/groups/join', auth, { inviteCode });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].message).toBe(MSG.joinInvalidText);
    }
    const [m] = await t.db.select().from(memberships).where(eq(memberships.groupId, b.group.id));
    expect(m?.userId).not.toBe(a.speaker.id);
  });

  it('400 without a code', async () => {
    const { speaker } = await makeOrg(t.db);
    expect((await call('POST', '/groups/join', await signInAs(t, speaker.email), { inviteCode: '  ' })).statusCode).toBe(400);
  });
});

describe('group reads: permissions', () => {
  it('GET groups?scope=org: org admins see every group with the pseudo-group first; speakers and coaches are refused', async () => {
    const { admin, coach, speaker, group } = await makeOrg(t.db, { type: 'edu' });
    const res = await call('GET', '/groups?scope=org', await signInAs(t, admin.email));
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list[0]).toMatchObject({ groupId: PSEUDO_GROUP_ID, name: 'Instructors and Admins', isPseudoGroup: true, activeUsers: 1 });
    expect(list[1]).toMatchObject({ groupId: group.id, activeUsers: 2, totalUsers: 2 });
    for (const u of [coach, speaker]) expect((await call('GET', '/groups?scope=org', await signInAs(t, u.email))).statusCode).toBe(403);
  });

  it('GET groups/{id}: members and org admins only; another organisation gets 404', async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    expect((await call('GET', `/groups/${a.group.id}`, await signInAs(t, a.speaker.email))).statusCode).toBe(200);
    expect((await call('GET', `/groups/${a.group.id}`, await signInAs(t, a.admin.email))).statusCode).toBe(200);
    expect((await call('GET', `/groups/${a.group.id}`, await signInAs(t, b.admin.email))).statusCode).toBe(404);
    expect((await call('GET', '/groups/not-a-uuid', await signInAs(t, a.admin.email))).statusCode).toBe(400);
  });

  it("GET groups/{id}/members: the group's coach and org admins; a speaker is refused; another org's admin gets 404", async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    const res = await call('GET', `/groups/${a.group.id}/members`, await signInAs(t, a.coach.email));
    expect(res.statusCode).toBe(200);
    const members = res.json().data;
    expect(members.map((m: { userId: string }) => m.userId).sort()).toEqual([a.coach.id, a.speaker.id].sort());
    expect(members.find((m: { userId: string }) => m.userId === a.speaker.id)).toMatchObject({ roles: ['speaker'], recordings: 0 });
    expect((await call('GET', `/groups/${a.group.id}/members`, await signInAs(t, a.admin.email))).statusCode).toBe(200);
    expect((await call('GET', `/groups/${a.group.id}/members`, await signInAs(t, a.speaker.email))).statusCode).toBe(403);
    expect((await call('GET', `/groups/${a.group.id}/members`, await signInAs(t, b.admin.email))).statusCode).toBe(404);
    expect((await call('GET', `/groups/${a.group.id}/members`, await signInAs(t, b.coach.email))).statusCode).toBe(404);
  });

  it('an expired membership shows no roles and keeps them as expired roles', async () => {
    const { group, speaker, coach } = await makeOrg(t.db);
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(memberships.userId, speaker.id));
    const mine = (await call('GET', '/groups', await signInAs(t, speaker.email))).json().data[0];
    expect(mine).toMatchObject({ groupId: group.id, membershipStatus: 'inactive', roles: [] });
    const members = (await call('GET', `/groups/${group.id}/members`, await signInAs(t, coach.email))).json().data;
    expect(members.find((m: { userId: string }) => m.userId === speaker.id)).toMatchObject({ roles: [], expiredRoles: ['speaker'] });
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/sign-up', '/api/v1/groups/join', '/api/v1/me']));
    expect(doc.paths['/api/v1/auth/sign-up'].post.requestBody.content['application/json'].schema.properties.firstName.maxLength).toBe(50);
  });

  it('unknown API paths are 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].status).toBe(404);
  });
});
