import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ADMIN_USERS_MSG, MSG, PSEUDO_GROUP_ID } from '@rostrum/contract';
import { groups, invites, memberships, users } from '../../db/schema.js';
import { makeOrg, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });

const errorOf = (res: { json: () => { errors: { message: string; status: number }[] } }) => res.json().errors[0]!;
let n = 0;
const freshEmail = () => `invitee-${Date.now().toString(36)}-${n++}@example.test`;

describe('POST invites', () => {
  it('stores the invite and emails its /join link; GET invites lists it with its details', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const email = freshEmail();
    const res = await call('POST', '/invites', auth, {
      email: `  ${email.toUpperCase()} `,
      roles: [
        { groupId: null, roles: ['manager'] },
        { groupId: o.group.id, roles: ['manager'] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json().data;
    expect(inv).toMatchObject({
      email,
      resentDate: null,
      inviteLink: `http://rostrum.test/join?invite=${inv.inviteId}`,
      roles: [
        { groupId: null, groupName: null, roles: ['manager'] },
        { groupId: o.group.id, groupName: 'Group A', roles: ['manager'] },
      ],
    });
    await t.deliverMail();
    const mail = t.mailer.last(email)!;
    expect(mail.subject).toBe(`You are invited to join ${o.org.name} on Rostrum`);
    expect(mail.text).toContain(inv.inviteLink);
    expect(mail.text).toContain('admin Person invited you');
    expect(mail.text).toContain('Coach: Group A');
    expect(mail.text).toContain('Can add new groups');
    const [row] = await t.db.select().from(invites).where(eq(invites.id, inv.inviteId));
    expect(row).toMatchObject({ isEu: false, createdBy: o.admin.id, acceptedAt: null });

    const list = await call('GET', '/invites', auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([inv]);
  });

  it('marks invites of an EU organisation as EU; empty group entries are dropped', async () => {
    const o = await makeOrg(t.db, { settings: { euUsers: true } });
    const res = await call('POST', '/invites', await signInAs(t, o.admin.email), {
      email: freshEmail(),
      roles: [
        { groupId: null, roles: ['admin', 'manager'] },
        { groupId: o.group.id, roles: [] },
      ],
    });
    expect(res.json().data.roles).toEqual([{ groupId: null, groupName: null, roles: ['admin', 'manager'] }]);
    const [row] = await t.db.select().from(invites).where(eq(invites.id, res.json().data.inviteId));
    expect(row!.isEu).toBe(true);
  });

  it('refuses bad bodies with 400 in the error shape', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const email = freshEmail();
    for (const bad of [
      { email, roles: [] },
      {
        email,
        roles: [
          { groupId: null, roles: [] },
          { groupId: o.group.id, roles: [] },
        ],
      },
      { email: 'not-an-email', roles: [{ groupId: o.group.id, roles: ['manager'] }] },
      { email: '', roles: [{ groupId: o.group.id, roles: ['manager'] }] },
      { roles: [{ groupId: o.group.id, roles: ['manager'] }] },
      { email, roles: [{ groupId: null, roles: ['admin'] }] },
      { email, roles: [{ groupId: null, roles: ['speaker'] }] },
      { email, roles: [{ groupId: PSEUDO_GROUP_ID, roles: ['manager'] }] },
      { email, roles: [{ groupId: o.group.id, roles: ['admin'] }] },
      {
        email,
        roles: [
          { groupId: o.group.id, roles: ['manager'] },
          { groupId: o.group.id, roles: ['manager'] },
        ],
      },
      { email, roles: [{ groupId: o.group.id, roles: ['manager', 'manager'] }] },
      { email, roles: [{ groupId: 'x', roles: ['manager'] }] },
      { email, roles: [{ groupId: o.group.id, roles: ['manager'] }], isEu: true },
      { email, roles: [{ groupId: o.group.id, roles: ['manager', 'speaker'] }] },
    ]) {
      const res = await call('POST', '/invites', auth, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
    const none = await call('POST', '/invites', auth, { email, roles: [{ groupId: null, roles: [] }] });
    expect(errorOf(none).message).toBe(`roles: ${ADMIN_USERS_MSG.inviteNeedsRole}`);
    await t.deliverMail();
    expect(t.mailer.last(email)).toBeUndefined();
    expect(await t.db.select().from(invites).where(eq(invites.email, email))).toEqual([]);
  });

  it('404 for a group of another organisation; 409 for a user of this organisation or an invite already pending', async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    expect(
      (await call('POST', '/invites', auth, { email: freshEmail(), roles: [{ groupId: other.group.id, roles: ['manager'] }] })).statusCode,
    ).toBe(404);
    const taken = await call('POST', '/invites', auth, { email: o.speaker.email, roles: [{ groupId: o.group.id, roles: ['manager'] }] });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(MSG.emailInUse);
    const email = freshEmail();
    expect((await call('POST', '/invites', auth, { email, roles: [{ groupId: o.group.id, roles: ['manager'] }] })).statusCode).toBe(200);
    const again = await call('POST', '/invites', auth, { email, roles: [{ groupId: null, roles: ['manager'] }] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(ADMIN_USERS_MSG.invitePending);
  });

  it('an email registered in another organisation is answered like a free one; its owner is told by email', async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const roles = [{ groupId: o.group.id, roles: ['manager'] }];
    const free = await call('POST', '/invites', auth, { email: freshEmail(), roles });
    const elsewhere = await call('POST', '/invites', auth, { email: other.coach.email, roles });
    expect(elsewhere.statusCode).toBe(free.statusCode);
    expect(Object.keys(elsewhere.json().data).sort()).toEqual(Object.keys(free.json().data).sort());
    expect(elsewhere.json().data).toMatchObject({ email: other.coach.email, resentDate: null });
    const list = (await call('GET', '/invites', auth)).json().data.map((i: { email: string }) => i.email);
    expect(list).toContain(other.coach.email);
    // Only the address's owner learns why the invite cannot be accepted.
    await t.deliverMail();
    const mail = t.mailer.last(other.coach.email)!;
    expect(mail.subject).toBe(`You are invited to join ${o.org.name} on Rostrum`);
    expect(mail.text).toContain('already has a Rostrum account with another organization');
    expect(mail.text).not.toContain('/join?invite=');
    const resent = await call('PUT', `/invites/${elsewhere.json().data.inviteId}`, auth, { resendInvite: true });
    expect(resent.statusCode).toBe(200);
    await t.deliverMail();
    expect(t.mailer.last(other.coach.email)!.text).toContain('already has a Rostrum account');
    // Signing up through that invite gets the generic sign-up answer, not a 409.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: signUpBody('', { inviteCode: undefined, inviteId: elsewhere.json().data.inviteId, email: other.coach.email }),
    });
    expect(signUp.json()).toEqual({ errors: [{ message: MSG.signUpInvalid, status: 400, code: ERROR_CODES.authSignUpInvalid }] });
  });

  it('a speaker grant needs a free duration', async () => {
    const o = await makeOrg(t.db, { freeYears: null });
    const res = await call('POST', '/invites', await signInAs(t, o.admin.email), {
      email: freshEmail(),
      roles: [{ groupId: o.group.id, roles: ['speaker'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('free duration');
  });

  it('keeps the invite when the mail transport fails, and retries its email until it is sent', async () => {
    const o = await makeOrg(t.db);
    const email = freshEmail();
    t.mailer.down = true;
    try {
      const res = await call('POST', '/invites', await signInAs(t, o.admin.email), {
        email,
        roles: [{ groupId: o.group.id, roles: ['manager'] }],
      });
      expect(res.statusCode).toBe(200);
      expect(await t.deliverMail()).toBe(1);
      expect(t.mailer.last(email)).toBeUndefined();
    } finally {
      t.mailer.down = false;
    }
    expect(await t.db.select().from(invites).where(eq(invites.email, email))).toHaveLength(1);
    await t.deliverMail({ retriesDue: true });
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});

describe('PUT and DELETE invites/{id}', () => {
  it('resends the email and records when; deletes a pending invite', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const email = freshEmail();
    const inv = (await call('POST', '/invites', auth, { email, roles: [{ groupId: o.group.id, roles: ['manager'] }] })).json().data;
    await t.deliverMail();
    const sentBefore = t.mailer.sent.filter((m) => m.to === email).length;
    const res = await call('PUT', `/invites/${inv.inviteId}`, auth, { resendInvite: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.resentDate).not.toBeNull();
    await t.deliverMail();
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(sentBefore + 1);
    expect(t.mailer.last(email)!.text).toContain(inv.inviteLink);
    for (const bad of [{ resendInvite: false }, {}, { resendInvite: 'yes' }]) {
      expect((await call('PUT', `/invites/${inv.inviteId}`, auth, bad)).statusCode).toBe(400);
    }
    const del = await call('DELETE', `/invites/${inv.inviteId}`, auth);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: {} });
    expect((await call('GET', '/invites', auth)).json().data).toEqual([]);
    expect((await call('DELETE', `/invites/${inv.inviteId}`, auth)).statusCode).toBe(404);
    expect((await call('PUT', `/invites/${inv.inviteId}`, auth, { resendInvite: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/invites/not-an-id', auth)).statusCode).toBe(400);
  });
});

describe('invites are for org admins of that organisation', () => {
  it("coaches and speakers get 403 on every call; another organisation's admin gets 404 and sees none", async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const inv = (
      await call('POST', '/invites', await signInAs(t, o.admin.email), {
        email: freshEmail(),
        roles: [{ groupId: o.group.id, roles: ['manager'] }],
      })
    ).json().data;
    for (const who of [o.coach.email, o.speaker.email]) {
      const auth = await signInAs(t, who);
      expect((await call('GET', '/invites', auth)).statusCode).toBe(403);
      expect(
        (await call('POST', '/invites', auth, { email: freshEmail(), roles: [{ groupId: o.group.id, roles: ['manager'] }] })).statusCode,
      ).toBe(403);
      expect((await call('PUT', `/invites/${inv.inviteId}`, auth, { resendInvite: true })).statusCode).toBe(403);
      expect((await call('DELETE', `/invites/${inv.inviteId}`, auth)).statusCode).toBe(403);
    }
    const otherAdmin = await signInAs(t, other.admin.email);
    expect((await call('GET', '/invites', otherAdmin)).json().data).toEqual([]);
    expect((await call('PUT', `/invites/${inv.inviteId}`, otherAdmin, { resendInvite: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/invites/${inv.inviteId}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/invites', await signInAs(t, o.admin.email))).json().data).toHaveLength(1);
  });
});

describe('signing up from an invite', () => {
  it('grants the invited roles: coach, speaker (for the free duration) and org-level; the invite leaves the pending list', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const [second] = await t.db
      .insert(groups)
      .values({ orgId: o.org.id, name: 'Second', settings: { freeDuration: { years: 2 } } })
      .returning();
    const email = freshEmail();
    await call('POST', '/invites', auth, {
      email,
      roles: [
        { groupId: null, roles: ['manager'] },
        { groupId: o.group.id, roles: ['manager'] },
        { groupId: second!.id, roles: ['speaker'] },
      ],
    });
    await t.deliverMail();
    const link = t.mailer.last(email)!.text.match(/http:\/\/rostrum\.test\/join\?invite=([0-9a-f-]+)/)!;
    const inviteId = link[1]!;
    const check = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up/invite', payload: { inviteId } });
    expect(check.json().data).toMatchObject({ email, isEu: false, org: { name: o.org.name } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: signUpBody('', { inviteCode: undefined, inviteId, email }),
    });
    expect(res.statusCode).toBe(200);
    const userId = res.json().data.userId;
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(u!.orgRoles).toEqual(['manager']);
    const ms = await t.db.select().from(memberships).where(eq(memberships.userId, userId));
    expect(ms.find((m) => m.groupId === o.group.id)).toMatchObject({ roles: ['manager'], status: 'active', expiresAt: null });
    expect(ms.find((m) => m.groupId === second!.id)).toMatchObject({ roles: ['speaker'], status: 'active' });
    expect((await call('GET', '/invites', auth)).json().data).toEqual([]);
    // The admin sees the new coach in the users list.
    const listed = (await call('GET', `/users?search=${encodeURIComponent(email)}`, auth)).json().data.users;
    expect(listed).toMatchObject([{ membershipType: 'coach/admin', status: 'active' }]);
    const [speakerSeat] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.groupId, second!.id)));
    expect(speakerSeat!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
  });
});
