import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { memberships, organisations, users } from '../../db/schema.js';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'POST' | 'PUT', url: string, authorization: string, payload: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

describe('POST groups', () => {
  it('an org admin creates a group with a generated invite code; the name must be unique (case-insensitive)', async () => {
    const { admin, org } = await makeOrg(t.db);
    const auth = await signInAs(t, admin.email);
    const res = await call('POST', '/groups', auth, { name: '  Evening Class  ', orgName: org.name });
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    expect(g).toMatchObject({
      name: 'Evening Class',
      inviteCode: `${org.name.replace(/\W+/g, '-')}-Evening-Class`,
      managerPrivacyLevel: 1,
      speakerPrivacyLevel: 1,
    });
    expect(g.inviteLink).toBe(`http://rostrum.test/sign-up?code=${encodeURIComponent(g.inviteCode)}`);
    // An admin does not become a member by creating it.
    expect(await t.db.select().from(memberships).where(eq(memberships.groupId, g.groupId))).toEqual([]);
    const again = await call('POST', '/groups', auth, { name: 'evening class' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(MSG.groupSaveFailed);
    expect(again.json().errors[0].code).toBe(ERROR_CODES.groupNameTaken);
  });

  it('an org-level manager (coach who may add groups) creates one and manages it; plain coaches and speakers cannot', async () => {
    const { coach, speaker } = await makeOrg(t.db);
    expect((await call('POST', '/groups', await signInAs(t, coach.email), { name: 'Not allowed' })).statusCode).toBe(403);
    expect((await call('POST', '/groups', await signInAs(t, speaker.email), { name: 'Not allowed' })).statusCode).toBe(403);
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, coach.id));
    const res = await call('POST', '/groups', await signInAs(t, coach.email), { name: 'Coach Made' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ roles: ['manager'], membershipStatus: 'active' });
  });

  it('invite codes stay unique across organisations with the same name', async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    await t.db.update(organisations).set({ name: 'Same Name' }).where(eq(organisations.id, b.org.id));
    await t.db.update(organisations).set({ name: 'Same Name' }).where(eq(organisations.id, a.org.id));
    const first = (await call('POST', '/groups', await signInAs(t, a.admin.email), { name: 'Choir' })).json().data;
    const second = (await call('POST', '/groups', await signInAs(t, b.admin.email), { name: 'Choir' })).json().data;
    expect(first.inviteCode).toBe('Same-Name-Choir');
    expect(second.inviteCode).toBe('Same-Name-Choir-2');
  });

  it('validates the name and the privacy pair', async () => {
    const { admin } = await makeOrg(t.db, { settings: { Assignments: true } });
    const auth = await signInAs(t, admin.email);
    expect((await call('POST', '/groups', auth, { name: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/groups', auth, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    // 0 is only for organisations without Assignments, and 0 on one side needs 0 on the other.
    expect((await call('POST', '/groups', auth, { name: 'Zero', managerPrivacyLevel: 0, speakerPrivacyLevel: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/groups', auth, { name: 'Coach four', managerPrivacyLevel: 4, speakerPrivacyLevel: 2 })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/groups', auth, { name: 'Fine', managerPrivacyLevel: 3, speakerPrivacyLevel: 4 })).statusCode).toBe(200);
  });
});

describe('PUT groups/{id}', () => {
  it('an org admin renames and sets coupled privacy levels', async () => {
    const { admin, group } = await makeOrg(t.db);
    const auth = await signInAs(t, admin.email);
    const res = await call('PUT', `/groups/${group.id}`, auth, {
      groupId: group.id,
      name: 'Renamed',
      managerPrivacyLevel: 0,
      speakerPrivacyLevel: 0,
    });
    expect(res.json().data).toMatchObject({ name: 'Renamed', managerPrivacyLevel: 0, speakerPrivacyLevel: 0 });
    expect((await call('PUT', `/groups/${group.id}`, auth, { name: 'Renamed', managerPrivacyLevel: 2 })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/groups/${group.id}`, auth, { name: 'Renamed', managerPrivacyLevel: 2, speakerPrivacyLevel: 4 })).json().data,
    ).toMatchObject({ managerPrivacyLevel: 2, speakerPrivacyLevel: 4 });
  });

  it('refuses coaches, speakers, and admins of another organisation; a taken name is 409', async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    expect((await call('PUT', `/groups/${a.group.id}`, await signInAs(t, a.coach.email), { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', `/groups/${a.group.id}`, await signInAs(t, a.speaker.email), { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', `/groups/${a.group.id}`, await signInAs(t, b.admin.email), { name: 'Mine' })).statusCode).toBe(404);
    const adminAuth = await signInAs(t, a.admin.email);
    await call('POST', '/groups', adminAuth, { name: 'Other Group' });
    const clash = await call('PUT', `/groups/${a.group.id}`, adminAuth, { name: 'OTHER GROUP' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].message).toBe(MSG.groupSaveFailed);
  });
});
