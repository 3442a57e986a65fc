import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, generateInviteCode, INVITE_CODE_SUFFIX_LENGTH, LIMITS, MSG } from '@rostrum/contract';
import { groups, organisations, users } from '../../db/schema.js';
import { makeOrg, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';

// POST groups/{id}/invite-code (security item 8): an org admin replaces a group's guessable code
// with one that has a random suffix; the old code stops working at once.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const regenerate = (groupId: string, authorization: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/groups/${groupId}/invite-code`, headers: { authorization } });
const checkCode = (inviteCode: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up/invite', payload: { inviteCode } });

describe('POST groups/{id}/invite-code', () => {
  it('gives the group a new code in the spec format with a random suffix; only the new code works', async () => {
    const { admin, org, group } = await makeOrg(t.db);
    const old = group.inviteCode!;
    const res = await regenerate(group.id, await signInAs(t, admin.email));
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    const base = generateInviteCode(org.name, group.name);
    expect(g.inviteCode).toMatch(new RegExp(`^${base}-[a-z0-9]{${INVITE_CODE_SUFFIX_LENGTH}}$`));
    expect(g.inviteLink).toBe(`http://rostrum.test/sign-up?code=${encodeURIComponent(g.inviteCode)}`);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.inviteCode).toBe(g.inviteCode);

    const oldCheck = await checkCode(old);
    expect(oldCheck.statusCode).toBe(400);
    expect(oldCheck.json().errors[0].message).toBe(MSG.inviteCodeInvalid);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: signUpBody(old) })).statusCode).toBe(400);
    expect((await checkCode(g.inviteCode.toUpperCase())).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: signUpBody(g.inviteCode) })).statusCode).toBe(200);
  });

  it('every call draws a new suffix; long names are shortened to keep 50 characters', async () => {
    const { admin, org, group } = await makeOrg(t.db);
    await t.db
      .update(organisations)
      .set({ name: 'A Very Long Organisation Name For Testing Purposes' })
      .where(eq(organisations.id, org.id));
    const auth = await signInAs(t, admin.email);
    const first = (await regenerate(group.id, auth)).json().data.inviteCode as string;
    const second = (await regenerate(group.id, auth)).json().data.inviteCode as string;
    expect(first).not.toBe(second);
    for (const code of [first, second]) {
      expect(code.length).toBeLessThanOrEqual(LIMITS.inviteCode);
      expect(code).toMatch(/^A-Very-Long-Organisation-Name-[A-Za-z-]*[A-Za-z]-[a-z0-9]{10}$/);
    }
  });

  it("403 for a coach of the group, a speaker of it and an org-level manager; 404 for another organisation's admin", async () => {
    const mine = await makeOrg(t.db);
    const theirs = await makeOrg(t.db);
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, mine.coach.id));
    for (const who of [mine.coach, mine.speaker]) {
      const res = await regenerate(mine.group.id, await signInAs(t, who.email));
      expect(res.statusCode, who.email).toBe(403);
      expect(res.json()).toEqual({ errors: [{ message: MSG.forbidden, status: 403, code: ERROR_CODES.permissionDenied }] });
    }
    const foreign = await regenerate(mine.group.id, await signInAs(t, theirs.admin.email));
    expect(foreign.statusCode).toBe(404);
    expect((await regenerate(mine.group.id, 'Bearer nonsense')).statusCode).toBe(401);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, mine.group.id));
    expect(row!.inviteCode).toBe(mine.group.inviteCode);
  });

  it('400 for a malformed id, 404 for an unknown one, 400 for an invite-only group', async () => {
    const { admin, group } = await makeOrg(t.db);
    const auth = await signInAs(t, admin.email);
    expect((await regenerate('not-a-uuid', auth)).statusCode).toBe(400);
    expect((await regenerate('00000000-0000-4000-8000-000000000001', auth)).statusCode).toBe(404);
    await t.db.update(groups).set({ inviteCode: null }).where(eq(groups.id, group.id));
    const inviteOnly = await regenerate(group.id, auth);
    expect(inviteOnly.statusCode).toBe(400);
    expect(inviteOnly.json().errors[0].message).toContain('invite-only');
  });
});
