import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultErrorCode, ERROR_CODES } from '@rostrum/contract';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../test/harness.js';
import { scorecardQuestions } from '@rostrum/contract';
import { findUnsafeText, NUL_MESSAGE, SURROGATE_MESSAGE } from './edge-guards.js';

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

type TInject = { statusCode: number; json: () => unknown };
const expectErrorShape = (res: TInject, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({
    errors: [expect.objectContaining({ status, message: expect.any(String), code: defaultErrorCode(status) })],
  });
};

/** A raw request over the socket, for what Node's HTTP parser refuses before Fastify runs. */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
  });
}

describe('NUL characters', () => {
  it('finds them in strings and keys at any depth', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000y' }] })?.path).toBe('a[1].c');
    expect(findUnsafeText({ 'k\u0000': 1 })?.path).toBe('k\u0000');
    expect(findUnsafeText({ a: 'fine', n: 3, z: null })).toBeNull();
  });

  it('answers 400 in the error shape on every kind of input, and stores nothing', async () => {
    const { admin, speaker, group } = await makeOrg(t.db);
    const asAdmin = await signInAs(t, admin.email);
    const asSpeaker = await signInAs(t, speaker.email);
    const cases: { method: 'POST' | 'PUT' | 'GET'; url: string; auth?: string; payload?: object }[] = [
      { method: 'POST', url: '/auth/sign-in', payload: { email: 'a\u0000@example.test', password: 'x' } },
      { method: 'POST', url: '/auth/password/forgot', payload: { email: `${speaker.email}\u0000` } },
      { method: 'POST', url: '/auth/sign-up/invite', payload: { inviteCode: 'Group\u0000A' } },
      { method: 'PUT', url: '/me', auth: asSpeaker, payload: { firstName: 'Ad\u0000a' } },
      { method: 'PUT', url: '/me/preferences', auth: asSpeaker, payload: { 'note\u0000': 'x' } },
      { method: 'PUT', url: '/me/preferences', auth: asSpeaker, payload: { note: 'x\u0000' } },
      { method: 'POST', url: '/groups', auth: asAdmin, payload: { name: 'Night\u0000Class' } },
      { method: 'PUT', url: `/groups/${group.id}`, auth: asAdmin, payload: { groupId: group.id, name: 'Bad\u0000Name' } },
      { method: 'POST', url: '/recordings', auth: asSpeaker, payload: { title: 'My\u0000talk', source: 'ui upload form' } },
      { method: 'GET', url: '/users?search=%00', auth: asAdmin },
      { method: 'GET', url: '/recordings?q=a%00b', auth: asSpeaker },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: `/api/v1${c.url}`,
        payload: c.payload,
        headers: c.auth ? { authorization: c.auth } : {},
      });
      expectErrorShape(res, 400);
      expect(res.body, `${c.method} ${c.url}`).toContain('NUL');
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: asSpeaker } });
    expect(me.json().data.user.firstName).toBe('speaker');
  });
});

describe('unpaired UTF-16 surrogates', () => {
  it('finds them in strings and keys at any depth; pairs are fine', () => {
    expect(findUnsafeText({ a: [{ b: 'ok \ud83d\ude00' }, { c: 'x\ud800' }] })).toEqual({ path: 'a[1].c', message: SURROGATE_MESSAGE });
    expect(findUnsafeText({ '\udc00k': 1 })?.path).toBe('\udc00k');
    expect(findUnsafeText({ a: 'fine \ud83d\ude00', n: 3 })).toBeNull();
    expect(findUnsafeText({ a: 'x\u0000' })).toEqual({ path: 'a', message: NUL_MESSAGE });
  });

  it('answers 400 in the error shape on every jsonb and text write, and stores nothing', async () => {
    const { org, admin, coach, speaker } = await makeOrg(t.db, { settings: { Assignments: true, Custom_Wordspotting_For_Orgs: true } });
    const asAdmin = await signInAs(t, admin.email);
    const asCoach = await signInAs(t, coach.email);
    const asSpeaker = await signInAs(t, speaker.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assignments',
      headers: { authorization: asCoach },
      payload: {
        name: 'Persuasive Talk',
        description: 'Convince us.',
        criteria: { algorithm: 'rostrum-default', scorecard: true, wordspotting: true },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json().data.assignmentId as string;
    const cases: { method: 'PUT' | 'PATCH' | 'POST'; url: string; auth: string; payload: object }[] = [
      { method: 'PUT', url: '/me/preferences', auth: asSpeaker, payload: { foo: 'x\ud800' } },
      { method: 'PUT', url: '/me/preferences', auth: asSpeaker, payload: { 'k\udc00': 'x' } },
      { method: 'PUT', url: '/wordspotting', auth: asAdmin, payload: { algorithm: 'rostrum-default', words: ['\ud800'], orgId: org.id } },
      { method: 'PATCH', url: `/assignments/${template}`, auth: asCoach, payload: { wordspotting: ['so\ud800'] } },
      {
        method: 'PUT',
        url: `/assignments/${template}/scorecard`,
        auth: asCoach,
        payload: { scorecard: { questions: scorecardQuestions([['Story\udbff', 'A story?']]), coachOnlyScorecard: false } },
      },
      { method: 'PUT', url: '/me', auth: asSpeaker, payload: { firstName: 'Ad\ud800a' } },
      { method: 'POST', url: '/recordings', auth: asSpeaker, payload: { title: 'My\udfff talk', source: 'ui upload form' } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: `/api/v1${c.url}`, payload: c.payload, headers: { authorization: c.auth } });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expectErrorShape(res, 400);
      expect(res.body, `${c.method} ${c.url}`).toContain('surrogate');
    }
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: asSpeaker } })).json().data;
    expect(me.user.firstName).toBe('speaker');
    expect(JSON.stringify(me)).not.toContain('\ufffd');
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/v1/assignments/${template}`, headers: { authorization: asCoach } })
    ).json().data;
    expect(JSON.stringify(after)).not.toMatch(/\ufffd|Story/);
  });

  it('a query or path holding an encoded surrogate (not UTF-8) never gives a 500', async () => {
    const { admin } = await makeOrg(t.db);
    const asAdmin = await signInAs(t, admin.email);
    // The query parser keeps what it cannot decode as sent (plain ASCII); the router refuses the path.
    for (const url of ['/users?search=%ED%A0%80', '/recordings?q=a%ED%A0%80b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: asAdmin } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/recordings/%ED%A0%80', headers: { authorization: asAdmin } }), 400);
  });
});

describe('authentication comes before validation', () => {
  it('an anonymous caller gets 401, not the field messages of a bad body', async () => {
    for (const [method, url] of [
      ['POST', '/recordings'],
      ['PUT', '/me'],
      ['POST', '/groups'],
      ['PUT', '/recordings/not-an-id'],
      ['POST', '/invites'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/v1${url}`, payload: { nonsense: true } });
      expectErrorShape(res, 401);
      // The messages, not the code (auth.required names no field).
      const messages = (res.json() as { errors: { message: string }[] }).errors.map((e) => e.message).join('\n');
      expect(messages).not.toMatch(/title|source|Required|expected/i);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.authRequired);
    }
  });
});

describe('requests refused before routing', () => {
  it('431 for headers that are too large, in the error shape', async () => {
    const res = await raw('/api/v1/health', { 'x-padding': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      errors: [{ status: 431, message: 'The request headers are too large', code: ERROR_CODES.headersTooLarge }],
    });
  });

  it('414 for a path segment over the router limit, 400 for an address that cannot be decoded', async () => {
    const long = await raw(`/api/v1/recordings/${'a'.repeat(300)}`);
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ errors: [{ status: 414, message: 'The address is too long', code: ERROR_CODES.uriTooLong }] });
    const bad = await raw('/api/v1/recordings/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).errors[0].status).toBe(400);
  });
});
