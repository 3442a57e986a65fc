import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import type { THubConfig } from '../../config.js';
import { hubIdentities, memberships, organisations, users } from '../../db/schema.js';
import { makeOrg, startTestApp, type TTestApp } from '../../test/harness.js';
import { OidcStandIn, STAND_IN_CLIENT_ID, STAND_IN_CLIENT_SECRET, signInAtProvider } from '../../test/oidc-stand-in.js';
import { HUB_BINDING_COOKIE } from './hub-cookie.js';
import { HUB_STARTS_PER_ADDRESS } from './hub.service.js';

// The hub sign-in against a real OpenID provider (oidc-provider on 127.0.0.1): the browser's part
// (cookies, the provider's login form, the redirects) is played with fetch.

let t: TTestApp;
let provider: OidcStandIn;
let hub: THubConfig;
let org: Awaited<ReturnType<typeof makeOrg>>;

beforeAll(async () => {
  provider = new OidcStandIn(['http://rostrum.test/btc/sign-in']);
  const issuer = await provider.start();
  hub = {
    issuer,
    clientId: STAND_IN_CLIENT_ID,
    clientSecret: STAND_IN_CLIENT_SECRET,
    orgCode: 'unset',
    scopes: 'openid email profile',
    linkVerifiedEmail: false,
    createAccounts: false,
  };
  t = await startTestApp({ config: { hub } });
  org = await makeOrg(t.db);
  hub.orgCode = org.org.code;
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const setPolicy = (p: Partial<Pick<THubConfig, 'linkVerifiedEmail' | 'createAccounts' | 'groupCode'>>) => {
  hub.linkVerifiedEmail = p.linkVerifiedEmail ?? false;
  hub.createAccounts = p.createAccounts ?? false;
  hub.groupCode = p.groupCode;
};

let seq = 0;
/** A fresh account at the provider. */
const hubAccount = (claims: Parameters<typeof provider.accounts.set>[1]) => {
  const sub = `hub-user-${Date.now().toString(36)}-${seq++}`;
  provider.accounts.set(sub, claims);
  return sub;
};

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: cookie ? { cookie } : {} });
const errorOf = (res: { json: () => { errors: { message: string; status: number; code: string }[] } }) => res.json().errors[0]!;

/** The sign-in page's link: btc/authorize, as the browser calls it; returns the hub's page and the cookie. */
async function authorize(next: string | null = '/profile', cookie?: string) {
  const res = await post('/btc/authorize', { next }, cookie);
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { url: res.json().data.authorizationUrl as string, cookie: setCookie.split(';')[0]!, setCookie };
}

/** The return page's call: btc/login with the query the hub sent the browser back with. */
const login = (back: URL, cookie?: string) =>
  post(
    '/btc/login',
    Object.fromEntries(['code', 'state', 'iss', 'error'].flatMap((k) => (back.searchParams.has(k) ? [[k, back.searchParams.get(k)]] : []))),
    cookie,
  );

/** Link -> provider -> code -> btc/login; returns the answer and what it took. */
async function hubSignIn(sub: string, next: string | null = '/profile') {
  const started = await authorize(next);
  const back = await signInAtProvider(started.url, sub);
  return { res: await login(back, started.cookie), back, cookie: started.cookie };
}

async function linkTo(sub: string, userId: string) {
  await t.db.insert(hubIdentities).values({ issuer: provider.issuer, subject: sub, userId });
}

describe('hub sign-in: the happy path', () => {
  it('sends the browser to the hub with the spec parameters, PKCE, a nonce and a state kept in an httpOnly cookie', async () => {
    const { url, setCookie } = await authorize('/history');
    const u = new URL(url);
    expect(u.origin).toBe(provider.issuer);
    const q = u.searchParams;
    expect(q.get('client_id')).toBe(STAND_IN_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe('http://rostrum.test/btc/sign-in');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('access_type')).toBe('online');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    // The state is random: `next` stays on the server.
    expect(q.get('state')).toMatch(/^[\w-]{30,}$/);
    expect(url).not.toContain('history');
    expect(setCookie).toContain(`${HUB_BINDING_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/v1\/btc/);
  });

  it('signs a linked identity in: apiKey and orgCode sign in like a sign-in link, and next comes back', async () => {
    const sub = hubAccount({ email: 'someone@hub.example', email_verified: true });
    await linkTo(sub, org.speaker.id);
    const { res } = await hubSignIn(sub, '/profile?tab=1');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.orgCode).toBe(org.org.code);
    expect(d.next).toBe('/profile?tab=1');
    // No hub token reaches the browser.
    expect(Object.keys(d).sort()).toEqual(['apiKey', 'next', 'orgCode']);
    const session = await post('/auth/sign-in/key', { key: `${d.orgCode}-${d.apiKey}` });
    expect(session.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${session.json().data.orgCode}-${session.json().data.apiKey}` },
    });
    expect(me.json().data.user.email).toBe(org.speaker.email);
    const [link] = await t.db.select().from(hubIdentities).where(eq(hubIdentities.subject, sub));
    expect(link!.lastSignInAt).not.toBeNull();
  });

  it('drops a next that leaves the site', async () => {
    const sub = hubAccount({});
    await linkTo(sub, org.coach.id);
    const { res } = await hubSignIn(sub, 'https://evil.example/');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.next).toBeNull();
  });

  it('drops a next with a control character or a backslash (browsers read them as another site)', async () => {
    for (const next of ['/\t/evil.example', '/\n/evil.example', '/\\evil.example']) {
      const sub = hubAccount({});
      await linkTo(sub, org.coach.id);
      const { res } = await hubSignIn(sub, next);
      expect(res.statusCode, JSON.stringify(next)).toBe(200);
      expect(res.json().data.next, JSON.stringify(next)).toBeNull();
    }
  });
});

describe('hub sign-in: plain OAuth2 endpoints instead of discovery', () => {
  it('signs in with the endpoints of the configuration, the identity read from UserInfo', async () => {
    const plain: THubConfig = {
      ...hub,
      issuer: undefined,
      endpoints: { authorization: `${provider.issuer}/auth`, token: `${provider.issuer}/token`, userinfo: `${provider.issuer}/me` },
    };
    t.config.hub = plain;
    try {
      const sub = hubAccount({});
      await linkTo(sub, org.coach.id);
      const started = await authorize();
      const q = new URL(started.url).searchParams;
      expect(q.get('nonce')).toBeNull();
      expect(q.get('code_challenge_method')).toBe('S256');
      const back = await signInAtProvider(started.url, sub);
      const res = await login(back, started.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const session = await post('/auth/sign-in/key', { key: `${res.json().data.orgCode}-${res.json().data.apiKey}` });
      expect(session.json().data.userId).toBe(org.coach.id);
    } finally {
      t.config.hub = hub;
    }
  });
});

describe('hub sign-in: what is refused', () => {
  it('refuses a forged state, and a real state presented by another browser, which stays usable for its own', async () => {
    const sub = hubAccount({});
    await linkTo(sub, org.admin.id);
    const started = await authorize();
    const back = await signInAtProvider(started.url, sub);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    let res = await login(forged, started.cookie);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.hubStateInvalid, message: MSG.hubStateInvalid });
    // Another browser: no cookie, or its own cookie.
    res = await login(back);
    expect(errorOf(res).code).toBe(ERROR_CODES.hubStateInvalid);
    const other = await authorize();
    res = await login(back, other.cookie);
    expect(errorOf(res).code).toBe(ERROR_CODES.hubStateInvalid);
    res = await login(back, started.cookie);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a reused code: the state works once, and the hub refuses the code for another sign-in', async () => {
    const sub = hubAccount({});
    await linkTo(sub, org.admin.id);
    const { res, back, cookie } = await hubSignIn(sub);
    expect(res.statusCode).toBe(200);
    const again = await login(back, cookie);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe(ERROR_CODES.hubStateInvalid);
    // The same code with a fresh state of this browser: the hub does not take it twice.
    const fresh = await authorize('/profile', cookie);
    const replay = new URL(back);
    replay.searchParams.set('state', new URL(fresh.url).searchParams.get('state')!);
    const res2 = await login(replay, cookie);
    expect(res2.statusCode).toBe(400);
    expect(errorOf(res2)).toMatchObject({ code: ERROR_CODES.hubCodeRejected, message: MSG.hubCodeRejected });
  });

  it('reports the hub’s error (access_denied) and uses up the state', async () => {
    const sub = hubAccount({});
    const started = await authorize();
    const back = await signInAtProvider(started.url, sub, { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
    const res = await login(back, started.cookie);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.hubRefused, message: MSG.hubRefused });
    expect(errorOf(await login(back, started.cookie)).code).toBe(ERROR_CODES.hubStateInvalid);
  });

  it('takes a malformed or foreign binding cookie as no binding', async () => {
    const sub = hubAccount({});
    await linkTo(sub, org.admin.id);
    const started = await authorize();
    const back = await signInAtProvider(started.url, sub);
    for (const cookie of [
      `${HUB_BINDING_COOKIE}=../../etc`,
      `${HUB_BINDING_COOKIE}=${'a'.repeat(5000)}`,
      'other=1; =; ;;',
      `${HUB_BINDING_COOKIE}`,
    ]) {
      const res = await login(back, cookie);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe(ERROR_CODES.hubStateInvalid);
    }
    expect((await login(back, `other=1; ${started.cookie}`)).statusCode).toBe(200);
  });

  it('limits the sign-ins one address may start (429)', async () => {
    const ip = '203.0.113.77';
    const start = () => t.app.inject({ method: 'POST', url: '/api/v1/btc/authorize', payload: { next: null }, remoteAddress: ip });
    for (let i = 0; i < HUB_STARTS_PER_ADDRESS; i++) expect((await start()).statusCode).toBe(200);
    const res = await start();
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.rateLimited, message: MSG.tooManyAttempts });
  });

  it('answers 400 in the error shape for a body without code or error, or with a bad state', async () => {
    const { cookie } = await authorize();
    for (const body of [
      {},
      { state: 'x' },
      { state: '', code: 'c' },
      { state: 'x'.repeat(500), code: 'c' },
      { state: 'x', error: 'bad\u0000' },
    ]) {
      const res = await post('/btc/login', body, cookie);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe(ERROR_CODES.requestInvalid);
    }
  });
});

describe('hub sign-in: identities no account is linked to', () => {
  it('refuses an unknown identity with a clear message when neither linking nor creating is allowed', async () => {
    setPolicy({});
    const sub = hubAccount({ email: org.speaker.email, email_verified: true });
    const { res } = await hubSignIn(sub);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.hubIdentityUnknown, message: MSG.hubIdentityUnknown });
    expect(await t.db.select().from(hubIdentities).where(eq(hubIdentities.subject, sub))).toEqual([]);
  });

  it('links by a verified email only when HUB_LINK_VERIFIED_EMAIL is on, then by (issuer, subject)', async () => {
    const o = await makeOrg(t.db);
    hub.orgCode = o.org.code;
    try {
      setPolicy({ linkVerifiedEmail: true });
      const unverified = hubAccount({ email: o.coach.email, email_verified: false });
      expect(errorOf((await hubSignIn(unverified)).res).code).toBe(ERROR_CODES.hubIdentityUnknown);
      // A verified email of another organisation's account links nothing.
      const elsewhere = hubAccount({ email: org.coach.email, email_verified: true });
      expect(errorOf((await hubSignIn(elsewhere)).res).code).toBe(ERROR_CODES.hubIdentityUnknown);

      const sub = hubAccount({ email: o.coach.email.toUpperCase(), email_verified: true });
      const first = await hubSignIn(sub);
      expect(first.res.statusCode).toBe(200);
      const [link] = await t.db.select().from(hubIdentities).where(eq(hubIdentities.subject, sub));
      expect(link!.userId).toBe(o.coach.id);
      // Linked now: the email no longer matters, nor the switch.
      setPolicy({});
      provider.accounts.set(sub, { email: 'changed@hub.example', email_verified: true });
      const second = await hubSignIn(sub);
      expect(second.res.statusCode).toBe(200);
      const session = await post('/auth/sign-in/key', { key: `${second.res.json().data.orgCode}-${second.res.json().data.apiKey}` });
      expect(session.json().data.userId).toBe(o.coach.id);

      setPolicy({ linkVerifiedEmail: false });
      const off = hubAccount({ email: o.admin.email, email_verified: true });
      expect(errorOf((await hubSignIn(off)).res).code).toBe(ERROR_CODES.hubIdentityUnknown);
    } finally {
      hub.orgCode = org.org.code;
      setPolicy({});
    }
  });

  it('creates an account in the organisation with HUB_CREATE_ACCOUNTS, a speaker of HUB_GROUP_CODE, within the seat limit', async () => {
    const o = await makeOrg(t.db);
    hub.orgCode = o.org.code;
    try {
      setPolicy({ createAccounts: true, groupCode: o.group.inviteCode! });
      expect(errorOf((await hubSignIn(hubAccount({ email: 'nobody@hub.example' }))).res)).toMatchObject({
        status: 403,
        code: ERROR_CODES.hubEmailUnverified,
      });
      // An email registered already is never taken over without the linking switch.
      expect(errorOf((await hubSignIn(hubAccount({ email: o.speaker.email, email_verified: true }))).res)).toMatchObject({
        status: 409,
        code: ERROR_CODES.hubEmailTaken,
      });

      const email = `new-${Date.now().toString(36)}@hub.example`;
      const sub = hubAccount({ email, email_verified: true, given_name: 'Nia', family_name: 'Newhub' });
      const { res } = await hubSignIn(sub);
      expect(res.statusCode).toBe(200);
      const [u] = await t.db.select().from(users).where(eq(users.email, email));
      expect(u).toMatchObject({ orgId: o.org.id, firstName: 'Nia', lastName: 'Newhub', name: 'Nia Newhub' });
      const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, u!.id));
      expect(m).toMatchObject({ groupId: o.group.id, roles: ['speaker'], status: 'active' });
      const [link] = await t.db.select().from(hubIdentities).where(eq(hubIdentities.subject, sub));
      expect(link!.userId).toBe(u!.id);

      // Every seat taken (the speaker of makeOrg and the new account): the next one is refused, nothing is created.
      await t.db
        .update(organisations)
        .set({ settings: { seatLimit: 2 } })
        .where(eq(organisations.id, o.org.id));
      const fullEmail = `full-${Date.now().toString(36)}@hub.example`;
      const full = await hubSignIn(hubAccount({ email: fullEmail, email_verified: true }));
      expect(errorOf(full.res)).toMatchObject({ status: 402, code: ERROR_CODES.seatsLimitReached, message: MSG.seatLimit });
      expect(await t.db.select().from(users).where(eq(users.email, fullEmail))).toEqual([]);
    } finally {
      hub.orgCode = org.org.code;
      setPolicy({});
    }
  });
});

describe('hub sign-in: not configured', () => {
  let bare: TTestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  });
  afterAll(async () => bare?.close());

  it('tells the web app, and answers the btc calls with a clear 404', async () => {
    const cfg = await bare.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(cfg.json().data.hubSignIn).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/client-config' })).json().data.hubSignIn).toBe(true);
    for (const [url, payload] of [
      ['/api/v1/btc/authorize', { next: '/profile' }],
      ['/api/v1/btc/login', { code: 'c', state: 's' }],
    ] as const) {
      const res = await bare.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.hubNotConfigured, message: MSG.hubNotConfigured });
    }
  });

  it('answers 502 hub.unavailable when the hub cannot be reached', async () => {
    t.config.hub = { ...hub, issuer: 'http://127.0.0.1:9' };
    try {
      const res = await post('/btc/authorize', { next: null });
      expect(res.statusCode).toBe(502);
      expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.hubUnavailable, message: MSG.hubUnavailable });
    } finally {
      t.config.hub = hub;
    }
  });

  it('answers 404 when HUB_ORG_CODE names no organisation', async () => {
    hub.orgCode = 'no-such-org';
    try {
      const res = await post('/btc/authorize', { next: null });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe(ERROR_CODES.hubNotConfigured);
    } finally {
      hub.orgCode = org.org.code;
    }
  });
});
