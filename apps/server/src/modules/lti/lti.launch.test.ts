import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groups,
  ltiContexts,
  ltiIdentities,
  ltiLineItems,
  ltiPlatforms,
  ltiResourceLinks,
  memberships,
  organisations,
  users,
} from '../../db/schema.js';
import { insertAssignment, makeOrg, signInAs, startTestApp, TEST_MEDIA_SECRET, type TTestApp } from '../../test/harness.js';
import { LtiPlatformStandIn, ROLE, type TIdTokenOptions, type TLaunchUser } from '../../test/lti-platform-stand-in.js';
import { signToolJwt } from './lti-jwt.js';
import { currentToolKey, signingKeyOf } from './lti-keys.js';

// Launches from the platform stand-in: the OIDC login, the id_token's checks one by one, the
// sign-in it leads to (accounts, roles, the class a course maps to, seats) and Deep Linking.

let t: TTestApp;
const lms = new LtiPlatformStandIn();
beforeAll(async () => {
  await lms.start();
  t = await startTestApp({ config: { urlFetchAllowHosts: ['127.0.0.1'] } });
  lms.toolJwks = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/lti/jwks/${school.org.id}` })).json();
  school = await makeOrg(t.db, { type: 'edu', settings: { freeDuration: { years: 1 } } });
  const admin = await signInAs(t, school.admin.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/lti/platforms',
    headers: { authorization: admin },
    payload: lms.registration(),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await lms.close();
});

let school: Awaited<ReturnType<typeof makeOrg>>;
let n = 0;
const learner = (over: Partial<TLaunchUser> = {}): TLaunchUser => ({
  sub: `learner-${++n}-${Date.now()}`,
  roles: [ROLE.learner],
  email: `learner-${n}-${Date.now()}@school.example`,
  given_name: 'Lee',
  family_name: 'Learner',
  ...over,
});
const course = () => ({ id: `course-${++n}-${Date.now()}`, title: `Speech ${n}`, label: `SP${n}` });

/** OIDC login initiation as the platform starts it: the redirect, its state and nonce, and the cookie. */
async function login(over: Record<string, string> = {}) {
  const query = new URLSearchParams({
    iss: lms.issuer,
    login_hint: 'hint-1',
    target_link_uri: 'http://rostrum.test/api/v1/lti/launch',
    lti_message_hint: 'message-hint-1',
    client_id: lms.clientId,
    lti_deployment_id: lms.deploymentId,
    ...over,
  });
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/lti/login?${query.toString()}` });
  const location = res.headers.location ? new URL(res.headers.location as string) : null;
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return {
    res,
    location,
    state: location?.searchParams.get('state') ?? '',
    nonce: location?.searchParams.get('nonce') ?? '',
    cookie: setCookie.split(';')[0]!,
    setCookie,
  };
}

function post(url: string, form: Record<string, string>, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A full launch: login, then the platform's form post with a token the options describe. */
async function launch(o: Omit<TIdTokenOptions, 'nonce'> & { nonce?: string }, opts: { cookie?: string | null } = {}) {
  const l = await login();
  const idToken = await lms.idToken({ ...o, nonce: o.nonce ?? l.nonce });
  const res = await post(
    '/api/v1/lti/launch',
    { id_token: idToken, state: l.state },
    opts.cookie === null ? undefined : (opts.cookie ?? l.cookie),
  );
  return { res, idToken, login: l };
}

const codeOf = (html: string) => /<code>([^<]+)<\/code>/.exec(html)?.[1];
const openUrlOf = (html: string) => new URL(/id="open" href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'));

async function userBySub(sub: string) {
  const [row] = await t.db
    .select({ user: users })
    .from(ltiIdentities)
    .innerJoin(users, eq(users.id, ltiIdentities.userId))
    .where(and(eq(ltiIdentities.issuer, lms.issuer), eq(ltiIdentities.subject, sub)));
  return row?.user ?? null;
}

async function groupOfCourse(courseId: string) {
  const [row] = await t.db
    .select({ group: groups })
    .from(ltiContexts)
    .innerJoin(groups, eq(groups.id, ltiContexts.groupId))
    .where(eq(ltiContexts.contextId, courseId));
  return row?.group ?? null;
}

describe('OIDC login initiation', () => {
  it('redirects to the platform with the OIDC parameters and binds the login to the browser by a SameSite=None cookie', async () => {
    const l = await login();
    expect(l.res.statusCode).toBe(302);
    expect(l.location!.origin + l.location!.pathname).toBe(lms.authorizationUrl);
    const q = Object.fromEntries(l.location!.searchParams);
    expect(q).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: lms.clientId,
      redirect_uri: 'http://rostrum.test/api/v1/lti/launch',
      login_hint: 'hint-1',
      lti_message_hint: 'message-hint-1',
    });
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.state).not.toBe(q.nonce);
    expect(l.setCookie).toMatch(
      /^rostrum_lti=[A-Za-z0-9_-]{43}; Path=\/api\/v1\/lti; Max-Age=600; HttpOnly; SameSite=None; Secure; Partitioned$/,
    );
    // POST works as GET does.
    const form = await post('/api/v1/lti/login', {
      iss: lms.issuer,
      login_hint: 'h',
      target_link_uri: 'http://rostrum.test/api/v1/lti/launch',
    });
    expect(form.statusCode).toBe(302);
  });

  it('refuses an unknown issuer or client id, an unknown deployment, a target elsewhere, and bad input', async () => {
    const unknownIss = await login({ iss: 'https://other-lms.example.com' });
    expect(unknownIss.res.statusCode).toBe(400);
    expect(codeOf(unknownIss.res.body)).toBe('lti.unknown_platform');
    const unknownClient = await login({ client_id: 'someone-else' });
    expect(codeOf(unknownClient.res.body)).toBe('lti.unknown_platform');
    const deployment = await login({ lti_deployment_id: 'not-registered' });
    expect(codeOf(deployment.res.body)).toBe('lti.unknown_deployment');
    // Shown inside the platform's iframe when the platform is known; framed by nobody otherwise.
    expect(String(deployment.res.headers['content-security-policy'])).toContain(`frame-ancestors ${lms.issuer}`);
    expect(String(unknownIss.res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const elsewhere = await login({ target_link_uri: 'https://evil.example.com/launch' });
    expect(codeOf(elsewhere.res.body)).toBe('lti.message_invalid');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/lti/login?iss=x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('request.invalid');
  });
});

describe('a valid launch', () => {
  it('creates a learner as a speaker of the class the course maps to, opens the assignment to record, and frames only for the platform', async () => {
    const c = course();
    const user = learner();
    const { res } = await launch({ user, course: c, resourceLink: { id: 'rl-new', title: 'Speech' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${lms.issuer}`);
    expect(csp).not.toContain("frame-ancestors 'none'");

    const account = (await userBySub(user.sub))!;
    expect(account).toMatchObject({ orgId: school.org.id, email: user.email, firstName: 'Lee', lastName: 'Learner', orgRoles: [] });
    const group = (await groupOfCourse(c.id))!;
    expect(group).toMatchObject({ orgId: school.org.id, name: c.title });
    const [m] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, account.id), eq(memberships.groupId, group.id)));
    expect(m).toMatchObject({ roles: ['speaker'], status: 'active' });

    // The handoff: a one-time sign-in link into the record page.
    const open = openUrlOf(res.body);
    expect(open.pathname).toBe('/sign-in');
    expect(open.searchParams.get('next')).toBe('/record');
    const key = open.searchParams.get('key')!;
    expect(key.startsWith(`${school.org.code}-`)).toBe(true);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in/key', payload: { key } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in/key', payload: { key } })).statusCode).toBe(401);

    // The service addresses are kept for grades and rosters.
    const [ctx] = await t.db.select().from(ltiContexts).where(eq(ltiContexts.contextId, c.id));
    expect(ctx!.lineItemsUrl).toBe(`${lms.issuer}/courses/${c.id}/lineitems`);
    expect(ctx!.membershipsUrl).toBe(`${lms.issuer}/courses/${c.id}/memberships`);
  });

  it('reuses the linked account on the next launch, and opens the deep-linked assignment', async () => {
    const c = course();
    const user = learner();
    const first = await launch({ user, course: c });
    expect(first.res.statusCode, first.res.body).toBe(200);
    const account = (await userBySub(user.sub))!;
    const group = (await groupOfCourse(c.id))!;
    const { assignment } = await insertAssignment(t.db, { id: school.coach.id, orgId: school.org.id }, group.id, { name: 'Toast' });
    const second = await launch({
      user: { ...user, email: 'changed@school.example' },
      course: c,
      resourceLink: { id: 'rl-toast' },
      custom: { rostrum_assignment_id: assignment.id },
    });
    expect(second.res.statusCode, second.res.body).toBe(200);
    expect((await userBySub(user.sub))!.id).toBe(account.id);
    expect(await t.db.select().from(users).where(eq(users.email, 'changed@school.example'))).toEqual([]);
    expect(openUrlOf(second.res.body).searchParams.get('next')).toBe(`/record?assignmentId=${assignment.id}`);
    const [link] = await t.db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.resourceLinkId, 'rl-toast'));
    expect(link!.assignmentId).toBe(assignment.id);
    const items = await t.db.select().from(ltiLineItems).where(eq(ltiLineItems.resourceLinkId, link!.id));
    expect(items.map((i) => i.lineItemUrl)).toEqual([`${lms.issuer}/courses/${c.id}/lineitems/rl-toast`]);
    // Another class's assignment is not opened from this course.
    const elsewhere = await insertAssignment(t.db, { id: school.coach.id, orgId: school.org.id }, school.group.id);
    const third = await launch({
      user,
      course: c,
      resourceLink: { id: 'rl-other' },
      custom: { rostrum_assignment_id: elsewhere.assignment.id },
    });
    expect(openUrlOf(third.res.body).searchParams.get('next')).toBe('/record');
  });

  it('makes an instructor the coach of the class and opens the assignment details', async () => {
    const c = course();
    const teacher = learner({ roles: [ROLE.instructor], given_name: 'Ida', family_name: 'Instructor' });
    const { res } = await launch({ user: teacher, course: c });
    expect(res.statusCode, res.body).toBe(200);
    const account = (await userBySub(teacher.sub))!;
    const group = (await groupOfCourse(c.id))!;
    const [m] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, account.id), eq(memberships.groupId, group.id)));
    expect(m!.roles).toEqual(['manager']);
    expect(account.orgRoles).toEqual([]);
    expect(openUrlOf(res.body).searchParams.get('next')).toBe('/coach-dashboard');
    const { assignment } = await insertAssignment(t.db, { id: account.id, orgId: school.org.id }, group.id);
    const again = await launch({
      user: teacher,
      course: c,
      resourceLink: { id: 'rl-i' },
      custom: { rostrum_assignment_id: assignment.id },
    });
    expect(openUrlOf(again.res.body).searchParams.get('next')).toBe(`/assignment/details/${assignment.id}`);
  });

  it('makes an Administrator a coach unless the registration allows org admins', async () => {
    const c = course();
    const admin = learner({ roles: [ROLE.administrator] });
    await launch({ user: admin, course: c });
    const account = (await userBySub(admin.sub))!;
    expect(account.orgRoles).toEqual([]);
    // With the registration's adminRoleGrantsOrgAdmin on, a new Administrator's account is an org admin.
    const [platform] = await t.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.clientId, lms.clientId));
    await t.db.update(ltiPlatforms).set({ adminRoleGrantsOrgAdmin: true }).where(eq(ltiPlatforms.id, platform!.id));
    try {
      const allowed = learner({ roles: [ROLE.administrator] });
      const res = await launch({ user: allowed, course: c });
      expect(res.res.statusCode, res.res.body).toBe(200);
      expect((await userBySub(allowed.sub))!.orgRoles).toEqual(['admin', 'manager']);
      // An existing account is not made an org admin by a later launch.
      await launch({ user: admin, course: c });
      expect((await userBySub(admin.sub))!.orgRoles).toEqual([]);
    } finally {
      await t.db.update(ltiPlatforms).set({ adminRoleGrantsOrgAdmin: false }).where(eq(ltiPlatforms.id, platform!.id));
    }
    const mentor = await launch({ user: learner({ roles: [ROLE.mentor] }), course: c });
    expect(mentor.res.statusCode).toBe(403);
    expect(codeOf(mentor.res.body)).toBe('lti.role_missing');
  });

  it('refuses a learner when the seats are all in use, creating no account', async () => {
    await t.db
      .update(organisations)
      .set({ settings: { freeDuration: { years: 1 }, seatLimit: 1 } })
      .where(eq(organisations.id, school.org.id));
    try {
      const user = learner();
      const { res } = await launch({ user, course: course() });
      expect(res.statusCode).toBe(402);
      expect(codeOf(res.body)).toBe('seats.limit_reached');
      expect(res.body).toContain('no free seats left');
      expect(await userBySub(user.sub)).toBeNull();
    } finally {
      await t.db
        .update(organisations)
        .set({ settings: { freeDuration: { years: 1 } } })
        .where(eq(organisations.id, school.org.id));
    }
  });
});

describe('refused launches', () => {
  const refusedWith = async (status: number, code: string, o: Parameters<typeof launch>[0], opts?: Parameters<typeof launch>[1]) => {
    const { res } = await launch(o, opts);
    expect(res.statusCode, res.body).toBe(status);
    expect(codeOf(res.body)).toBe(code);
    expect(await userBySub(o.user.sub)).toBeNull();
    return res;
  };

  it('refuses a wrong audience, an azp mismatch, an expired token and a token issued too long ago', async () => {
    await refusedWith(401, 'lti.token_invalid', { user: learner(), override: { aud: 'another-tool' } });
    await refusedWith(401, 'lti.token_invalid', { user: learner(), override: { aud: [lms.clientId, 'another-tool'] } });
    await refusedWith(401, 'lti.token_invalid', {
      user: learner(),
      override: { aud: [lms.clientId, 'another-tool'], azp: 'another-tool' },
    });
    await refusedWith(401, 'lti.token_invalid', { user: learner(), override: { azp: 'another-tool' } });
    const past = Math.floor(Date.now() / 1000) - 3600;
    await refusedWith(401, 'lti.token_invalid', { user: learner(), override: { iat: past - 60, exp: past } });
    await refusedWith(401, 'lti.token_invalid', { user: learner(), override: { iat: past } });
    // Several audiences with azp naming this tool are fine.
    const ok = await launch({ user: learner(), course: course(), override: { aud: [lms.clientId, 'another-tool'], azp: lms.clientId } });
    expect(ok.res.statusCode, ok.res.body).toBe(200);
  });

  it('refuses a forged signature, another issuer, a nonce that is not the login’s, and a replayed nonce', async () => {
    await refusedWith(401, 'lti.token_invalid', { user: learner(), signWith: await LtiPlatformStandIn.otherKey() });
    // Signed by another key under the platform's own kid: the signature does not verify.
    await refusedWith(401, 'lti.token_invalid', { user: learner(), signWith: await LtiPlatformStandIn.otherKey(lms.kid) });
    await refusedWith(401, 'lti.token_invalid', { user: learner(), override: { iss: 'https://other-lms.example.com' } });
    await refusedWith(401, 'lti.token_invalid', { user: learner(), nonce: 'a-nonce-of-another-login-0123456789' });
    const user = learner();
    const first = await launch({ user, course: course() });
    expect(first.res.statusCode).toBe(200);
    // The same token again, under a fresh login of this browser.
    const l = await login();
    const replay = await post('/api/v1/lti/launch', { id_token: first.idToken, state: l.state }, l.cookie);
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay.body)).toBe('lti.nonce_replayed');
  });

  it('refuses an unknown deployment, a wrong message type or version, and a launch without a course', async () => {
    const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
    await refusedWith(400, 'lti.unknown_deployment', { user: learner(), override: { [`${lti}deployment_id`]: 'not-registered' } });
    await refusedWith(400, 'lti.message_invalid', { user: learner(), messageType: 'LtiSubmissionReviewRequest' });
    await refusedWith(400, 'lti.message_invalid', { user: learner(), override: { [`${lti}version`]: '1.1' } });
    await refusedWith(400, 'lti.message_invalid', { user: learner(), override: { [`${lti}context`]: null } });
  });

  it('refuses a launch whose state cookie is missing or another browser’s, offering the login again in a new tab', async () => {
    const missing = await refusedWith(400, 'lti.state_invalid', { user: learner() }, { cookie: null });
    const retry = /href="([^"]+)" target="_blank"/.exec(missing.body)![1]!.replace(/&amp;/g, '&');
    const again = new URL(retry);
    expect(again.pathname).toBe('/api/v1/lti/login');
    expect(again.searchParams.get('iss')).toBe(lms.issuer);
    expect(again.searchParams.get('lti_message_hint')).toBe('message-hint-1');
    expect(String(missing.headers['content-security-policy'])).toContain(`frame-ancestors ${lms.issuer}`);
    const other = await login();
    await refusedWith(400, 'lti.state_invalid', { user: learner() }, { cookie: other.cookie });
    // A state used once, or never issued, is refused too.
    const unknown = await post('/api/v1/lti/launch', { id_token: 'x'.repeat(40), state: 'y'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(codeOf(unknown.body)).toBe('lti.state_invalid');
  });
});

describe('Deep Linking', () => {
  it('lets an instructor pick an assignment of the class and answers a signed LtiDeepLinkingResponse to the platform', async () => {
    const c = course();
    const teacher = learner({ roles: [ROLE.instructor] });
    await launch({ user: teacher, course: c });
    const group = (await groupOfCourse(c.id))!;
    const account = (await userBySub(teacher.sub))!;
    const graded = await insertAssignment(t.db, { id: account.id, orgId: school.org.id }, group.id, {
      name: 'Graded talk',
      custom: ['Eye contact'],
    });
    await insertAssignment(t.db, { id: account.id, orgId: school.org.id }, group.id, { name: 'Old talk', archived: true });

    const { res } = await launch({ user: teacher, course: c, messageType: 'LtiDeepLinkingRequest', deepLinkData: 'opaque-data-123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Graded talk');
    expect(res.body).not.toContain('Old talk');
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'self'");
    const token = /name="token" value="([^"]+)"/.exec(res.body)![1]!;

    const picked = await post('/api/v1/lti/deep-link', { token, assignmentId: graded.assignment.id });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(String(picked.headers['content-security-policy'])).toContain(`form-action ${lms.issuer}`);
    expect(picked.body).toContain(`action="${lms.deepLinkReturnUrl}"`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(picked.body)![1]!;
    const claims = await lms.verifyToolJwt(jwt, lms.issuer);
    expect(claims).toMatchObject({
      iss: lms.clientId,
      aud: lms.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': lms.deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'opaque-data-123',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: 'Graded talk',
          url: 'http://rostrum.test/api/v1/lti/launch',
          custom: { rostrum_assignment_id: graded.assignment.id },
          lineItem: { scoreMaximum: 100, label: 'Graded talk', resourceId: graded.assignment.id },
        },
      ],
    });
    // The selection works once.
    const twice = await post('/api/v1/lti/deep-link', { token, assignmentId: graded.assignment.id });
    expect(twice.statusCode).toBe(400);
    expect(codeOf(twice.body)).toBe('lti.deep_link_expired');
  });

  it('refuses a learner’s deep-linking launch and another class’s assignment', async () => {
    const c = course();
    const student = await launch({ user: learner(), course: c, messageType: 'LtiDeepLinkingRequest' });
    expect(student.res.statusCode).toBe(403);
    expect(codeOf(student.res.body)).toBe('lti.role_missing');
    const teacher = learner({ roles: [ROLE.instructor] });
    const { res } = await launch({ user: teacher, course: c, messageType: 'LtiDeepLinkingRequest' });
    const token = /name="token" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
    expect(res.body).toContain('no assignments yet');
    const other = await insertAssignment(t.db, { id: school.coach.id, orgId: school.org.id }, school.group.id);
    const picked = await post('/api/v1/lti/deep-link', { token: token || 'z'.repeat(43), assignmentId: other.assignment.id });
    expect(picked.statusCode).toBe(token ? 404 : 400);
  });
});

describe('the platform stand-in', () => {
  it('answers the login redirect with a form post of a signed id_token that the launch accepts', async () => {
    const user = learner();
    lms.pending.set('journey-hint', { user, course: course() });
    const l = await login({ lti_message_hint: 'journey-hint' });
    const auth = await fetch(l.location!);
    expect(auth.status).toBe(200);
    const page = await auth.text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
    expect(/action="([^"]+)"/.exec(page)![1]).toBe('http://rostrum.test/api/v1/lti/launch');
    const res = await post('/api/v1/lti/launch', { id_token: field('id_token'), state: field('state') }, l.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await userBySub(user.sub)).not.toBeNull();
  });

  it('gives a token for a client assertion signed by the tool, and refuses one signed by another key', async () => {
    const assertion = async (key: Parameters<typeof signToolJwt>[0]) =>
      signToolJwt(key, { iss: lms.clientId, sub: lms.clientId, aud: lms.tokenUrl, jti: `jti-${Date.now()}-${Math.random()}` });
    const row = await currentToolKey(t.db, TEST_MEDIA_SECRET, school.org.id);
    const tool = { kid: row.kid, privateKey: await signingKeyOf(TEST_MEDIA_SECRET, row) };
    const ask = (jwt: string) =>
      fetch(lms.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: jwt,
          scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        }),
      });
    const granted = await ask(await assertion(tool));
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ token_type: 'Bearer', scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score' });
    const forged = await LtiPlatformStandIn.otherKey(row.kid);
    expect((await ask(await assertion({ kid: forged.kid, privateKey: forged.key }))).status).toBe(401);
  });
});
