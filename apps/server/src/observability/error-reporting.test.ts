import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@rostrum/contract';
import { makeOrg, PASSWORD, signInAs, startTestApp, type TTestApp } from '../test/harness.js';
import { flushErrorReports, initErrorReporting, REPORTED_TEXT_MAX, scrubEvent, scrubUrl } from './error-reporting.js';

// A local HTTP endpoint stands in for the error-reporting service and keeps every envelope.
let collector: http.Server;
const envelopes: string[] = [];
let t: TTestApp;

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  const dsn = `http://publickey@127.0.0.1:${(collector.address() as AddressInfo).port}/42`;
  initErrorReporting({ dsn, environment: 'test' });
  t = await startTestApp({ config: { sentryDsn: dsn } });
});
afterAll(async () => {
  await t?.close();
  collector?.close();
});

describe('error reporting', () => {
  it('sends an unexpected 500 to the configured endpoint without keys, passwords or bodies', async () => {
    const { speaker } = await makeOrg(t.db);
    const auth = await signInAs(t, speaker.email);
    // A stored value the response schema refuses: the request fails unexpectedly (500).
    await t.db.execute(sql`update users set metadata = '{"title": 12345}'::jsonb where id = ${speaker.id}`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/me?key=secret-key-in-query&password=${PASSWORD}`,
      headers: { authorization: auth },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      errors: [{ status: 500, message: 'Oops! There was a problem. Please try your request again', code: ERROR_CODES.serverError }],
    });
    await flushErrorReports();
    const sent = envelopes.join('\n');
    expect(sent).toContain('"type":"event"');
    expect(sent).toContain('"route":"/api/v1/me"');
    expect(sent).toContain(speaker.id);
    expect(sent).not.toContain(auth.slice(7));
    expect(sent).not.toContain('secret-key-in-query');
    expect(sent).not.toContain(PASSWORD);
    expect(sent).not.toContain(speaker.email);
  });

  it('does not report what the caller got wrong (4xx)', async () => {
    const before = envelopes.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'x@example.test', password: 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    await flushErrorReports();
    expect(envelopes.length).toBe(before);
  });

  it('cuts reported text to 200 characters and filters secrets in addresses', () => {
    const event = scrubEvent({
      type: undefined,
      message: `Bearer abc.def ${'x'.repeat(500)}`,
      exception: { values: [{ type: 'Error', value: 'y'.repeat(500) }] },
      request: {
        url: 'http://h/sign-in?key=ORG-secret&next=/x',
        data: { password: 'p' },
        headers: { authorization: 'Bearer s' },
        cookies: { a: 'b' },
      },
      extra: { body: 'secret' },
    });
    expect(event.message!.length).toBe(REPORTED_TEXT_MAX);
    expect(event.message).not.toContain('abc.def');
    expect(event.exception!.values![0]!.value!.length).toBe(REPORTED_TEXT_MAX);
    expect(event.request).toEqual({ url: 'http://h/sign-in?key=%5BFiltered%5D&next=%2Fx', headers: { 'user-agent': '' } });
    expect(event.extra).toBeUndefined();
  });

  it("filters the secrets of links from a URL (the request log uses it too): Zoom's code and state among them", () => {
    expect(scrubUrl('/zoom-loading?code=abc&state=def&x=1')).toBe('/zoom-loading?code=%5BFiltered%5D&state=%5BFiltered%5D&x=1');
    expect(scrubUrl('/password/reset?token=t0k3n')).not.toContain('t0k3n');
    expect(scrubUrl('/evaluate/1')).toBe('/evaluate/1');
  });
});
