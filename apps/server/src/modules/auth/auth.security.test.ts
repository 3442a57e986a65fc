import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { apiKeys, rateLimits } from '../../db/schema.js';
import { makeOrg, PASSWORD, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';
import { issueKey } from './keys.repository.js';
import { SIGN_IN_EMAIL_FREE_FAILURES, SIGN_IN_PAIR_LIMIT, SIGN_IN_ADDRESS_LIMIT } from './sign-in-limiter.js';
import { INVITE_CODE_FAILURES_PER_ADDRESS, RESET_EMAILS_PER_EMAIL, RESET_REQUESTS_PER_ADDRESS } from './request-limits.js';

// Every call to verifyPassword is one scrypt evaluation of a guess: counted to prove that refused
// attempts never reach the password check.
const scrypt = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../auth/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../auth/passwords.js')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      scrypt.calls++;
      return real.verifyPassword(password, stored);
    },
  };
});

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => {
  scrypt.calls = 0;
});

type TRes = Awaited<ReturnType<TTestApp['app']['inject']>>;
let nextNet = 1;
/** A fresh documentation-range address per call, so tests never share an address bucket. */
const freshAddress = () => `198.51.${Math.floor(nextNet / 250)}.${(nextNet++ % 250) + 1}`;

const post = (url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string>; app?: TTestApp } = {}) =>
  (opts.app ?? t).app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.headers ?? {},
  });
const signIn = (email: string, password: string, ip: string, headers?: Record<string, string>) =>
  post('/auth/sign-in', { email, password }, { ip, headers });
const statuses = (all: TRes[]) => all.map((r) => r.statusCode).sort();
const count = (all: TRes[], status: number) => all.filter((r) => r.statusCode === status).length;
const errorOf = (res: TRes) => res.json().errors[0] as { message: string; status: number };

describe('sign-in guessing limit: attempts are reserved before the password is checked (item 2)', () => {
  it('of 60 parallel wrong guesses from one address at most the limit is evaluated; the rest, and then the right password, get 429', async () => {
    const { coach } = await makeOrg(t.db);
    const ip = freshAddress();
    const all = await Promise.all(Array.from({ length: 60 }, () => signIn(coach.email, 'wrong-guess', ip)));
    expect(count(all, 401)).toBe(SIGN_IN_PAIR_LIMIT);
    expect(count(all, 429)).toBe(60 - SIGN_IN_PAIR_LIMIT);
    expect(scrypt.calls).toBe(SIGN_IN_PAIR_LIMIT);
    const refused = all.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ errors: [{ message: MSG.tooManyAttempts, status: 429, code: ERROR_CODES.authRateLimited }] });
    const right = await signIn(coach.email, PASSWORD, ip);
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).message).toBe(MSG.tooManyAttempts);
    expect(scrypt.calls).toBe(SIGN_IN_PAIR_LIMIT);
  });

  it('a forged X-Forwarded-For from an untrusted peer does not change the counted address', async () => {
    const { speaker } = await makeOrg(t.db);
    const peer = freshAddress();
    const all = [];
    for (let i = 0; i <= SIGN_IN_PAIR_LIMIT; i++) {
      all.push(await signIn(speaker.email, 'wrong-guess', peer, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    }
    expect(all.at(-1)!.statusCode).toBe(429);
    const keys = (
      await t.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `sign-in:pair:${speaker.email}%`))
    ).map((r) => r.key);
    expect(keys).toEqual([`sign-in:pair:${speaker.email} ${peer}`]);
  });

  it('behind a configured proxy (TRUST_PROXY) the forwarded client address is counted', async () => {
    const behind = await startTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    try {
      const { speaker } = await makeOrg(behind.db);
      const fromProxy = [];
      for (let i = 0; i <= SIGN_IN_PAIR_LIMIT; i++) {
        fromProxy.push(
          await post(
            '/auth/sign-in',
            { email: speaker.email, password: 'wrong-guess' },
            { app: behind, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
          ),
        );
      }
      // Six clients behind the proxy, one guess each: none reaches a pair limit.
      expect(statuses(fromProxy)).toEqual(Array(SIGN_IN_PAIR_LIMIT + 1).fill(401));
      const keys = (await behind.db.select().from(rateLimits).where(like(rateLimits.key, 'sign-in:pair:%'))).map((r) => r.key);
      expect(keys).toContain(`sign-in:pair:${speaker.email} 203.0.113.1`);
      expect(keys).not.toContain(`sign-in:pair:${speaker.email} 127.0.0.1`);
      // A peer that is not the proxy still cannot choose its address.
      await post(
        '/auth/sign-in',
        { email: speaker.email, password: 'wrong-guess' },
        { app: behind, ip: '192.0.2.77', headers: { 'x-forwarded-for': '203.0.113.200' } },
      );
      const after = (await behind.db.select().from(rateLimits).where(like(rateLimits.key, 'sign-in:pair:%'))).map((r) => r.key);
      expect(after).toContain(`sign-in:pair:${speaker.email} 192.0.2.77`);
      expect(after).not.toContain(`sign-in:pair:${speaker.email} 203.0.113.200`);
    } finally {
      await behind.close();
    }
  });

  it('IPv6 clients are counted by their /64, so a host cannot rotate through its addresses', async () => {
    const { speaker } = await makeOrg(t.db);
    const all = [];
    for (let i = 0; i <= SIGN_IN_PAIR_LIMIT; i++)
      all.push(await signIn(speaker.email, 'wrong-guess', `2001:db8:1:2::${(i + 1).toString(16)}`));
    expect(all.at(-1)!.statusCode).toBe(429);
  });
});

describe('no lockout of the owner: limits per email and address, a global ceiling with back-off (item 5)', () => {
  it("the owner signing in from another address gets in after an attacker's burst from one address", async () => {
    const { speaker } = await makeOrg(t.db);
    const attacker = freshAddress();
    await Promise.all(Array.from({ length: 60 }, () => signIn(speaker.email, 'wrong-guess', attacker)));
    expect((await signIn(speaker.email, PASSWORD, freshAddress())).statusCode).toBe(200);
    // The attacker's address stays limited for this email.
    expect((await signIn(speaker.email, PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('a distributed attacker gets the free failures, then a growing back-off for every address', async () => {
    const { admin } = await makeOrg(t.db);
    const burst = await Promise.all(Array.from({ length: 60 }, () => signIn(admin.email, 'wrong-guess', freshAddress())));
    expect(count(burst, 401)).toBe(SIGN_IN_EMAIL_FREE_FAILURES);
    expect(count(burst, 429)).toBe(60 - SIGN_IN_EMAIL_FREE_FAILURES);
    expect(scrypt.calls).toBe(SIGN_IN_EMAIL_FREE_FAILURES);
    const emailKey = `sign-in:email:${admin.email}`;
    const [afterBurst] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, emailKey));
    expect(afterBurst!.hits).toBe(SIGN_IN_EMAIL_FREE_FAILURES);
    expect(afterBurst!.blockedUntil).not.toBeNull();
    // While a back-off runs (the burst itself may outlast the first, 1 s one), even the right
    // password from a new address waits, unevaluated.
    await t.db
      .update(rateLimits)
      .set({ blockedUntil: new Date(Date.now() + 30_000) })
      .where(eq(rateLimits.key, emailKey));
    const waiting = await signIn(admin.email, PASSWORD, freshAddress());
    expect(waiting.statusCode).toBe(429);
    expect(scrypt.calls).toBe(SIGN_IN_EMAIL_FREE_FAILURES);

    const waitAfterNextGuess = async () => {
      // Time passes: the current back-off has run out.
      await t.db
        .update(rateLimits)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, emailKey));
      const before = Date.now();
      expect((await signIn(admin.email, 'wrong-guess', freshAddress())).statusCode).toBe(401);
      const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, emailKey));
      return Math.round((row!.blockedUntil!.getTime() - before) / 1000);
    };
    const waits = [await waitAfterNextGuess(), await waitAfterNextGuess(), await waitAfterNextGuess()];
    expect(waits).toEqual([2, 4, 8]);

    // Once the back-off has run out the owner gets in, and the next attempt waits longer still.
    await t.db
      .update(rateLimits)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, emailKey));
    expect((await signIn(admin.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('a password reset lifts the back-off and the per-address limits of the email', async () => {
    const { speaker } = await makeOrg(t.db);
    const home = freshAddress();
    await Promise.all(Array.from({ length: 20 }, () => signIn(speaker.email, 'wrong-guess', home)));
    await Promise.all(Array.from({ length: 20 }, () => signIn(speaker.email, 'wrong-guess', freshAddress())));
    expect((await signIn(speaker.email, PASSWORD, home)).statusCode).toBe(429);
    await post('/auth/password/forgot', { email: speaker.email }, { ip: home });
    await t.deliverMail();
    const token = new URL(t.mailer.last(speaker.email)!.text.match(/http\S+/)![0]).searchParams.get('token')!;
    expect(
      (await post('/auth/password/reset', { email: speaker.email, token, newPassword: 'after-the-reset' }, { ip: home })).statusCode,
    ).toBe(200);
    expect((await signIn(speaker.email, 'after-the-reset', home)).statusCode).toBe(200);
  });

  it('one address guessing at many emails is stopped by its own limit, other addresses are not', async () => {
    const { coach } = await makeOrg(t.db);
    const sprayer = freshAddress();
    await t.db.insert(rateLimits).values({ key: `sign-in:address:${sprayer}`, hits: SIGN_IN_ADDRESS_LIMIT });
    const res = await signIn(coach.email, PASSWORD, sprayer);
    expect(res.statusCode).toBe(429);
    expect(scrypt.calls).toBe(0);
    expect((await signIn(coach.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('a success forgives the failures of its own address', async () => {
    const { coach } = await makeOrg(t.db);
    const ip = freshAddress();
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT - 1; i++) expect((await signIn(coach.email, 'typo-typo', ip)).statusCode).toBe(401);
    expect((await signIn(coach.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT - 1; i++) expect((await signIn(coach.email, 'typo-typo', ip)).statusCode).toBe(401);
    expect((await signIn(coach.email, PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('password reset emails are limited per email and per address (item 6)', () => {
  it('parallel requests for one email send at most the limit of emails; the rest get 429', async () => {
    const { speaker } = await makeOrg(t.db);
    const before = t.mailer.sent.filter((m) => m.to === speaker.email).length;
    const all = await Promise.all(
      Array.from({ length: 12 }, () => post('/auth/password/forgot', { email: speaker.email }, { ip: freshAddress() })),
    );
    expect(count(all, 200)).toBe(RESET_EMAILS_PER_EMAIL);
    expect(count(all, 429)).toBe(12 - RESET_EMAILS_PER_EMAIL);
    await t.deliverMail();
    expect(t.mailer.sent.filter((m) => m.to === speaker.email).length - before).toBe(RESET_EMAILS_PER_EMAIL);
    expect(all.find((r) => r.statusCode === 429)!.json()).toEqual({
      errors: [{ message: MSG.tooManyResetRequests, status: 429, code: ERROR_CODES.authResetRateLimited }],
    });
  });

  it('one address gets a limited number of requests, known emails or not; unknown emails keep the spec 404', async () => {
    const ip = freshAddress();
    const unknown = await post('/auth/password/forgot', { email: 'ghost-1@example.test' }, { ip });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(MSG.forgotNotFound);
    for (let i = 2; i <= RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await post('/auth/password/forgot', { email: `ghost-${i}@example.test` }, { ip })).statusCode).toBe(404);
    }
    const { coach } = await makeOrg(t.db);
    const limited = await post('/auth/password/forgot', { email: coach.email }, { ip });
    expect(limited.statusCode).toBe(429);
    await t.deliverMail();
    expect(t.mailer.last(coach.email)).toBeUndefined();
    expect((await post('/auth/password/forgot', { email: coach.email }, { ip: freshAddress() })).statusCode).toBe(200);
  });
});

describe('changing the password ends the other sessions (item 7)', () => {
  it('every other session and sign-in link is revoked; the current session stays', async () => {
    const { coach, org } = await makeOrg(t.db);
    const current = await signInAs(t, coach.email);
    const other = await signInAs(t, coach.email);
    const link = await issueKey(t.db, coach.id, 'auto');
    const me = (auth: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: auth } });
    expect((await me(other)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/update',
      headers: { authorization: current },
      payload: { password: PASSWORD, newPassword: 'a-new-password-7' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    const ended = await me(other);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).message).toBe(MSG.keyExpired);
    expect((await post('/auth/sign-in/key', { key: `${org.code}-${link.secret}` })).statusCode).toBe(401);
    const open = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, coach.id));
    expect(open.filter((k) => !k.revokedAt)).toHaveLength(1);
  });
});

describe('invite codes: wrong guesses are limited per address (item 8)', () => {
  it('of 50 parallel wrong codes from one address at most the limit is looked up; then even a right code waits', async () => {
    const { group } = await makeOrg(t.db);
    const ip = freshAddress();
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => post('/auth/sign-up/invite', { inviteCode: `Guess-${i}` }, { ip })));
    expect(count(all, 400)).toBe(INVITE_CODE_FAILURES_PER_ADDRESS);
    expect(count(all, 429)).toBe(50 - INVITE_CODE_FAILURES_PER_ADDRESS);
    expect(all.find((r) => r.statusCode === 429)!.json()).toEqual({
      errors: [{ message: MSG.tooManyInviteCodeAttempts, status: 429, code: ERROR_CODES.inviteRateLimited }],
    });
    expect((await post('/auth/sign-up/invite', { inviteCode: group.inviteCode }, { ip })).statusCode).toBe(429);
    expect((await post('/auth/sign-up', signUpBody(group.inviteCode!), { ip })).statusCode).toBe(429);
    expect((await post('/auth/sign-up/invite', { inviteCode: group.inviteCode }, { ip: freshAddress() })).statusCode).toBe(200);
  });

  it('right codes never count: a class signing up from one network is not stopped', async () => {
    const { group } = await makeOrg(t.db);
    const ip = freshAddress();
    for (let i = 0; i < INVITE_CODE_FAILURES_PER_ADDRESS + 5; i++) {
      expect((await post('/auth/sign-up/invite', { inviteCode: group.inviteCode }, { ip })).statusCode).toBe(200);
    }
    const signUps = await Promise.all(Array.from({ length: 5 }, () => post('/auth/sign-up', signUpBody(group.inviteCode!), { ip })));
    expect(statuses(signUps)).toEqual([200, 200, 200, 200, 200]);
  });

  it('invite check, sign-up and join share the limit of the address', async () => {
    const { speaker } = await makeOrg(t.db);
    const ip = freshAddress();
    await t.db.insert(rateLimits).values({ key: `invite-code:address:${ip}`, hits: INVITE_CODE_FAILURES_PER_ADDRESS - 2 });
    expect((await post('/auth/sign-up', signUpBody('No-Such-Code'), { ip })).statusCode).toBe(400);
    const auth = await signInAs(t, speaker.email);
    const join = (inviteCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/groups/join',
        headers: { authorization: auth },
        payload: { inviteCode },
        remoteAddress: ip,
      });
    expect((await join('No-Such-Code')).statusCode).toBe(404);
    const limited = await join('No-Such-Code');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(MSG.tooManyInviteCodeAttempts);
  });
});

describe('sign-in links are confirmed before use: peeking at a key (item 12)', () => {
  it("returns the account's email without using the key up; the key still signs in once", async () => {
    const { group } = await makeOrg(t.db);
    const body = signUpBody(group.inviteCode!);
    const { signInKey } = (await post('/auth/sign-up', body)).json().data;
    const peek = await post('/auth/sign-in/key/peek', { key: signInKey });
    expect(peek.statusCode).toBe(200);
    expect(peek.json().data).toEqual({ email: body.email });
    expect((await post('/auth/sign-in/key/peek', { key: signInKey })).statusCode).toBe(200);
    expect((await post('/auth/sign-in/key', { key: signInKey })).statusCode).toBe(200);
    const used = await post('/auth/sign-in/key/peek', { key: signInKey });
    expect(used.statusCode).toBe(401);
    // A used link says so: the caller's own session, if any, has not expired.
    expect(errorOf(used)).toMatchObject({ message: MSG.signInLinkInvalid, code: ERROR_CODES.authSignInLinkInvalid });
    const unknown = await post('/auth/sign-in/key', { key: 'nowhere-not-a-key' });
    expect(errorOf(unknown)).toMatchObject({ message: MSG.signInLinkInvalid, code: ERROR_CODES.authSignInLinkInvalid });
  });

  it('401 for an unknown, expired or re-addressed key; 400 for a malformed body', async () => {
    const { group } = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const created = (await post('/auth/sign-up', signUpBody(group.inviteCode!))).json().data;
    const swapped = `${other.org.code}-${created.signInKey.split('-').slice(1).join('-')}`;
    expect((await post('/auth/sign-in/key/peek', { key: swapped })).statusCode).toBe(401);
    expect((await post('/auth/sign-in/key/peek', { key: 'nohyphenatall' })).statusCode).toBe(401);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiKeys.userId, created.userId));
    expect((await post('/auth/sign-in/key/peek', { key: created.signInKey })).statusCode).toBe(401);
    for (const bad of [{}, { key: 5 }, { key: 'x'.repeat(300) }]) {
      const res = await post('/auth/sign-in/key/peek', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
  });
});

describe('sign-up does not reveal emails registered in another organisation (item 16)', () => {
  it("409 for an email of the invite's own organisation, the generic 400 for one of another organisation", async () => {
    const mine = await makeOrg(t.db);
    const theirs = await makeOrg(t.db);
    const same = await post('/auth/sign-up', signUpBody(mine.group.inviteCode!, { email: mine.coach.email }), { ip: freshAddress() });
    expect(same.statusCode).toBe(409);
    expect(errorOf(same).message).toBe(MSG.signUpEmailTaken);
    const elsewhere = await post('/auth/sign-up', signUpBody(mine.group.inviteCode!, { email: theirs.coach.email }), {
      ip: freshAddress(),
    });
    expect(elsewhere.json()).toEqual({ errors: [{ message: MSG.signUpInvalid, status: 400, code: ERROR_CODES.authSignUpInvalid }] });
  });

  it('the other-organisation answer comes after every other check, as for a free email', async () => {
    const full = await makeOrg(t.db, { settings: { seatLimit: 1 } });
    const theirs = await makeOrg(t.db);
    const free = await post('/auth/sign-up', signUpBody(full.group.inviteCode!), { ip: freshAddress() });
    const taken = await post('/auth/sign-up', signUpBody(full.group.inviteCode!, { email: theirs.speaker.email }), { ip: freshAddress() });
    expect([free.statusCode, taken.statusCode]).toEqual([402, 402]);
    expect(taken.json()).toEqual(free.json());
  });

  it('two sign-ups racing for one free email: one account, the other gets 409, never a 500', async () => {
    const { group } = await makeOrg(t.db);
    const body = signUpBody(group.inviteCode!);
    const all = await Promise.all(Array.from({ length: 4 }, () => post('/auth/sign-up', body, { ip: freshAddress() })));
    expect(statuses(all)).toEqual([200, 409, 409, 409]);
  });
});
