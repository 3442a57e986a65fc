import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { apiKeys, invites, memberships, passwordResets, users } from '../../db/schema.js';
import { makeOrg, PASSWORD, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';
import { SIGN_IN_PAIR_LIMIT } from './sign-in-limiter.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: authorization ? { authorization } : {} });
const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: authorization ? { authorization } : {} });
const errorOf = (res: { json: () => { errors: { message: string; status: number; code: string }[] } }) => res.json().errors[0]!;

describe('sign-in', () => {
  it('issues a key that works as Bearer {orgCode}-{apiKey}, emails matched case-insensitively', async () => {
    const { speaker, org } = await makeOrg(t.db);
    const res = await post('/auth/sign-in', { email: `  ${speaker.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.orgCode).toBe(org.code);
    expect(new Date(d.expires).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const me = await get('/me', `Bearer ${d.orgCode}-${d.apiKey}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe(speaker.email);
  });

  it('stores only a hash of the key', async () => {
    const { speaker } = await makeOrg(t.db);
    const res = await post('/auth/sign-in', { email: speaker.email, password: PASSWORD });
    const { apiKey } = res.json().data;
    const rows = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, speaker.id));
    expect(rows.length).toBe(1);
    expect(rows[0]!.keyHash).not.toContain(apiKey);
    expect(rows[0]!.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password or unknown email with 401 Incorrect credentials', async () => {
    const { speaker } = await makeOrg(t.db);
    for (const body of [
      { email: speaker.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: PASSWORD },
    ]) {
      const res = await post('/auth/sign-in', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        errors: [{ message: MSG.incorrectCredentials, status: 401, code: ERROR_CODES.authIncorrectCredentials }],
      });
    }
  });

  it('answers bad input with 400 in the error shape, naming the field', async () => {
    const res = await post('/auth/sign-in', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const messages = res
      .json()
      .errors.map((e: { message: string }) => e.message)
      .join(' | ');
    expect(messages).toContain('email');
    expect(messages).toContain('password');
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(errorOf(raw).status).toBe(400);
  });

  it('rate limits failed attempts per email and address, even when the right password comes later', async () => {
    const { coach } = await makeOrg(t.db);
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT; i++)
      expect((await post('/auth/sign-in', { email: coach.email, password: 'nope-nope' })).statusCode).toBe(401);
    const res = await post('/auth/sign-in', { email: coach.email, password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe(MSG.tooManyAttempts);
  });

  it('signs out by revoking the key', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    expect((await post('/auth/sign-out', {}, auth)).statusCode).toBe(200);
    const me = await get('/me', auth);
    expect(me.statusCode).toBe(401);
  });
});

describe('bearer keys: forbidden paths', () => {
  it('401 without a header, with a tampered key, with another org code, and after expiry', async () => {
    const a = await makeOrg(t.db);
    const b = await makeOrg(t.db);
    const auth = await signInAs(t, a.speaker.email);
    expect((await get('/me')).statusCode).toBe(401);
    expect((await get('/me', 'Bearer nonsense')).statusCode).toBe(401);
    const tampered = auth.slice(0, -2) + (auth.endsWith('AA') ? 'BB' : 'AA');
    expect((await get('/me', tampered)).statusCode).toBe(401);
    const otherOrg = auth.replace(`Bearer ${a.org.code}-`, `Bearer ${b.org.code}-`);
    expect((await get('/me', otherOrg)).statusCode).toBe(401);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.userId, a.speaker.id));
    const expired = await get('/me', auth);
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).message).toBe(MSG.keyExpired);
  });
});

describe('invite check (sign-up step 1)', () => {
  it('returns the organisation and isEu for a group code, case-insensitively', async () => {
    const { group, org } = await makeOrg(t.db, { type: 'edu', settings: { euUsers: true } });
    const res = await post('/auth/sign-up/invite', { inviteCode: group.inviteCode!.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ org: { name: org.name, type: 'edu' }, isEu: true, groupName: 'Group A', email: null });
  });

  it('400 This Invite Code is not valid; 400 when no code; 402 when seats are full', async () => {
    const bad = await post('/auth/sign-up/invite', { inviteCode: 'no-such-code' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ message: MSG.inviteCodeInvalid, code: ERROR_CODES.inviteInvalid });
    expect((await post('/auth/sign-up/invite', {})).statusCode).toBe(400);
    const { group } = await makeOrg(t.db, { settings: { seatLimit: 1 } });
    const full = await post('/auth/sign-up/invite', { inviteCode: group.inviteCode });
    expect(full.statusCode).toBe(402);
    expect(errorOf(full).message).toBe(MSG.seatLimit);
  });
});

describe('sign-up', () => {
  it('creates the account as an active speaker and returns a single-use one-hour sign-in key', async () => {
    const { group, org } = await makeOrg(t.db);
    const body = signUpBody(group.inviteCode!);
    const res = await post('/auth/sign-up', body);
    expect(res.statusCode).toBe(200);
    const { userId, signInKey } = res.json().data;
    expect(signInKey.startsWith(`${org.code}-`)).toBe(true);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, userId));
    expect(m).toMatchObject({ groupId: group.id, roles: ['speaker'], status: 'active' });
    const [autoKey] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
    expect(autoKey!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    const first = await post('/auth/sign-in/key', { key: signInKey });
    expect(first.statusCode).toBe(200);
    const again = await post('/auth/sign-in/key', { key: signInKey });
    expect(again.statusCode).toBe(401);
    const me = await get('/me', `Bearer ${first.json().data.orgCode}-${first.json().data.apiKey}`);
    expect(me.json().data.groups[0]).toMatchObject({ groupId: group.id, membershipStatus: 'active', roles: ['speaker'] });
    // The password is stored hashed with scrypt, never as given.
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(u!.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(u!.passwordHash).not.toContain(body.password);
  });

  it('refuses an auto sign-in key past its hour, or used against another org code', async () => {
    const { group } = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const k1 = (await post('/auth/sign-up', signUpBody(group.inviteCode!))).json().data;
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiKeys.userId, k1.userId));
    expect((await post('/auth/sign-in/key', { key: k1.signInKey })).statusCode).toBe(401);
    const k2 = (await post('/auth/sign-up', signUpBody(group.inviteCode!))).json().data;
    const swapped = `${other.org.code}-${k2.signInKey.split('-').slice(1).join('-')}`;
    expect((await post('/auth/sign-in/key', { key: swapped })).statusCode).toBe(401);
  });

  it('409 when the email is registered, with the spec message', async () => {
    const { group, speaker } = await makeOrg(t.db);
    const res = await post('/auth/sign-up', signUpBody(group.inviteCode!, { email: speaker.email }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MSG.signUpEmailTaken);
  });

  it('400 for invalid data: field limits, missing title, terms not accepted, unknown fields', async () => {
    const { group } = await makeOrg(t.db);
    for (const over of [
      { firstName: 'x'.repeat(51) },
      { lastName: 'x'.repeat(51) },
      { name: 'x'.repeat(102) },
      { metadata: {} },
      { termsAccepted: false },
      { password: 'short' },
      { isAdmin: true },
    ]) {
      const res = await post('/auth/sign-up', signUpBody(group.inviteCode!, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });

  it('400 This Invite Code is not valid for an unknown code', async () => {
    const res = await post('/auth/sign-up', signUpBody('missing-code'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(MSG.inviteCodeInvalid);
  });

  it('402 when the organisation has no free speaker seat; nothing is stored', async () => {
    const { group } = await makeOrg(t.db, { settings: { seatLimit: 1 } });
    const body = signUpBody(group.inviteCode!);
    const res = await post('/auth/sign-up', body);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).message).toBe(MSG.seatLimit);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  const EU_CONSENTS = { ageAttestation: true, usaStorageConsent: true, privacyAccepted: true } as const;
  const rowOf = async (res: { json: () => { data: { userId: string } } }) =>
    (await t.db.select().from(users).where(eq(users.id, res.json().data.userId)))[0]!;

  it('EU invites need the age, USA storage, terms and privacy consents (400 without any one of them)', async () => {
    const { group } = await makeOrg(t.db, { settings: { euUsers: true } });
    for (const [field, value] of [
      ['ageAttestation', undefined],
      ['usaStorageConsent', undefined],
      ['usaStorageConsent', false],
      ['privacyAccepted', undefined],
    ] as const) {
      const res = await post('/auth/sign-up', signUpBody(group.inviteCode!, { ...EU_CONSENTS, [field]: value }));
      expect(res.statusCode, `${field}: ${value}`).toBe(400);
      expect(errorOf(res).message).toBe(MSG.signUpInvalid);
    }
  });

  it('EU sign-up stores each consent in its own field with the time the server received it; data use stays off', async () => {
    const { group } = await makeOrg(t.db, { settings: { euUsers: true } });
    const before = Date.now();
    const res = await post('/auth/sign-up', signUpBody(group.inviteCode!, EU_CONSENTS));
    expect(res.statusCode).toBe(200);
    const u = await rowOf(res);
    expect(u).toMatchObject({
      isEu: true,
      ageAttestation: true,
      usaStorageConsent: true,
      termsAccepted: true,
      privacyAccepted: true,
      dataRetention: false,
      dataRetentionAt: null,
      dataUseAllowed: false,
      dataUseAllowedAt: null,
    });
    for (const at of [u.ageAttestationAt, u.usaStorageConsentAt, u.termsAcceptedAt, u.privacyAcceptedAt]) {
      expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const retained = await rowOf(await post('/auth/sign-up', signUpBody(group.inviteCode!, { ...EU_CONSENTS, dataRetention: true })));
    expect(retained.dataRetention).toBe(true);
    expect(retained.dataRetentionAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('sign-up takes no consent times from the client and no data-use choice', async () => {
    const { group } = await makeOrg(t.db, { settings: { euUsers: true } });
    for (const over of [
      { ...EU_CONSENTS, usaStorageConsentAt: '2020-01-01T00:00:00.000Z' },
      { ...EU_CONSENTS, termsAcceptedAt: '2020-01-01T00:00:00.000Z' },
      // The body the sign-up form sent before: the storage consent as dataUseAllowed.
      { ageAttestation: true, privacyAccepted: true, dataUseAllowed: true },
    ]) {
      const res = await post('/auth/sign-up', signUpBody(group.inviteCode!, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });

  it('outside the EU the EU consents are not stored, whatever the body says (000 section 5)', async () => {
    const { group } = await makeOrg(t.db);
    const before = Date.now();
    const res = await post('/auth/sign-up', signUpBody(group.inviteCode!, { ...EU_CONSENTS, dataRetention: true, isEu: '1' }));
    expect(res.statusCode).toBe(200);
    const u = await rowOf(res);
    expect(u).toMatchObject({
      isEu: false,
      ageAttestation: null,
      ageAttestationAt: null,
      usaStorageConsent: null,
      usaStorageConsentAt: null,
      dataRetention: null,
      dataRetentionAt: null,
      dataUseAllowed: null,
      dataUseAllowedAt: null,
      termsAccepted: true,
      privacyAccepted: true,
    });
    expect(u.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(u.privacyAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a group without a free duration leaves the new membership not active yet', async () => {
    const { group } = await makeOrg(t.db, { freeYears: null });
    const res = await post('/auth/sign-up', signUpBody(group.inviteCode!));
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, res.json().data.userId));
    expect(m).toMatchObject({ status: 'inactive', expiresAt: null });
  });
});

describe('sign-up through an admin invite', () => {
  it('grants the invited coach and org roles, only to the invited email, once', async () => {
    const { org, group } = await makeOrg(t.db, { type: 'edu' });
    const email = `invited-${Date.now()}@example.test`;
    const [invite] = await t.db
      .insert(invites)
      .values({
        orgId: org.id,
        email,
        roles: [
          { groupId: null, roles: ['manager'] },
          { groupId: group.id, roles: ['manager'] },
        ],
      })
      .returning();
    const check = await post('/auth/sign-up/invite', { inviteId: invite!.id });
    expect(check.json().data).toMatchObject({ email, groupName: 'Group A', org: { type: 'edu' } });
    const wrongEmail = await post('/auth/sign-up', signUpBody('', { inviteCode: undefined, inviteId: invite!.id }));
    expect(wrongEmail.statusCode).toBe(400);
    const res = await post('/auth/sign-up', signUpBody('', { inviteCode: undefined, inviteId: invite!.id, email }));
    expect(res.statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    expect(u!.orgRoles).toEqual(['manager']);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, u!.id));
    expect(m).toMatchObject({ groupId: group.id, roles: ['manager'], status: 'active' });
    const again = await post('/auth/sign-up/invite', { inviteId: invite!.id });
    expect(again.statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('emails a single-use link that sets a new password and ends open sessions', async () => {
    const { speaker } = await makeOrg(t.db);
    const session = await signInAs(t, speaker.email);
    expect((await post('/auth/password/forgot', { email: speaker.email })).statusCode).toBe(200);
    await t.deliverMail();
    const mail = t.mailer.last(speaker.email)!;
    const link = mail.text.match(/http:\/\/rostrum\.test\/password\/reset\?\S+/)![0];
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(speaker.email);
    const token = url.searchParams.get('token')!;
    const reset = await post('/auth/password/reset', { email: speaker.email, token, newPassword: 'brand-new-secret' });
    expect(reset.statusCode).toBe(200);
    expect((await get('/me', session)).statusCode).toBe(401);
    expect((await post('/auth/sign-in', { email: speaker.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/sign-in', { email: speaker.email, password: 'brand-new-secret' })).statusCode).toBe(200);
    const reuse = await post('/auth/password/reset', { email: speaker.email, token, newPassword: 'another-secret' });
    expect(reuse.statusCode).toBe(400);
    expect(errorOf(reuse).message).toBe(MSG.resetLinkInvalid);
  });

  it('404 Cannot find an account for that email; expired and foreign tokens fail', async () => {
    const nobody = await post('/auth/password/forgot', { email: 'ghost@example.test' });
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).message).toBe(MSG.forgotNotFound);
    const { speaker, coach } = await makeOrg(t.db);
    await post('/auth/password/forgot', { email: speaker.email });
    await t.deliverMail();
    const token = new URL(t.mailer.last(speaker.email)!.text.match(/http\S+/)![0]).searchParams.get('token')!;
    const foreign = await post('/auth/password/reset', { email: coach.email, token, newPassword: 'brand-new-secret' });
    expect(foreign.statusCode).toBe(400);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResets.userId, speaker.id));
    const expired = await post('/auth/password/reset', { email: speaker.email, token, newPassword: 'brand-new-secret' });
    expect(expired.statusCode).toBe(400);
  });

  it('updates the password of a signed-in user who knows the current one', async () => {
    const { coach } = await makeOrg(t.db);
    const auth = await signInAs(t, coach.email);
    const wrong = await post('/auth/password/update', { password: 'not-it', newPassword: 'next-password-1' }, auth);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ message: MSG.currentPasswordWrong, code: ERROR_CODES.authCurrentPasswordWrong });
    expect((await post('/auth/password/update', { password: PASSWORD, newPassword: 'next-password-1' }, auth)).statusCode).toBe(200);
    await signInAs(t, coach.email, 'next-password-1');
  });
});
