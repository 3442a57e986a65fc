import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_MSG, MSG, RECORDING_LIMITS } from '@rostrum/contract';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// The tus endpoint at the API's edge: authentication before anything else, every error in the
// API's error shape as JSON, and CORS headers only for the configured origins.

const ALLOWED = 'https://app.example.test';
let t: TTestApp;
let withCors: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
  withCors = await startTestApp({ config: { corsAllowedOrigins: [ALLOWED] } });
});
afterAll(async () => {
  await t?.close();
  await withCors?.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function speakerWithRecording(app: TTestApp = t) {
  const { speaker } = await makeOrg(app.db);
  const auth = await signInAs(app, speaker.email);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/recordings',
    headers: { authorization: auth },
    payload: { title: 'Talk', source: 'ui upload form' },
  });
  return { auth, recordingId: res.json().data.recordingId as string };
}

function expectApiError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { errors: { message: string; status: number }[] };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]!.status).toBe(status);
  expect(typeof body.errors[0]!.message).toBe('string');
  if (message) expect(body.errors[0]!.message).toBe(message);
}

const corsHeaders = (res: LightMyRequestResponse) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));

describe('authentication comes first', () => {
  it('answers 401 to an anonymous caller, whatever else is wrong with the request', async () => {
    const requests = [
      { method: 'POST' as const, url: '/api/v1/uploads', headers: { 'upload-length': 'lots' } },
      {
        method: 'POST' as const,
        url: '/api/v1/uploads',
        headers: { ...TUS, 'upload-length': '10', 'upload-metadata': 'recordingId bm9wZQ==' },
      },
      { method: 'PATCH' as const, url: `/api/v1/uploads/${randomUUID()}`, headers: { 'content-type': 'text/plain' }, payload: 'x' },
      { method: 'DELETE' as const, url: `/api/v1/uploads/${randomUUID()}`, headers: TUS },
      { method: 'GET' as const, url: `/api/v1/uploads/${randomUUID()}`, headers: TUS },
      { method: 'POST' as const, url: '/api/v1/uploads', headers: { ...TUS, authorization: 'Bearer nope-nope', 'upload-length': '10' } },
    ];
    for (const r of requests) expectApiError(await t.app.inject(r), 401);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/uploads/${randomUUID()}`, headers: TUS });
    expect(head.statusCode).toBe(401);
  });
});

describe('errors in the API shape', () => {
  it("answers tus's own errors as {errors:[{message,status}]} JSON", async () => {
    const { auth, recordingId } = await speakerWithRecording();
    const meta = `recordingId ${b64(recordingId)}`;
    // Missing Tus-Resumable.
    expectApiError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { authorization: auth, 'upload-length': '10', 'upload-metadata': meta },
      }),
      412,
    );
    // A bad Upload-Length, and none at all.
    expectApiError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, authorization: auth, 'upload-length': '-5', 'upload-metadata': meta },
      }),
      400,
    );
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...TUS, authorization: auth, 'upload-metadata': meta } }),
      400,
    );
    // No recording id in the metadata.
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...TUS, authorization: auth, 'upload-length': '10' } }),
      400,
    );
    // Larger than the limit.
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...TUS, authorization: auth, 'upload-length': String(RECORDING_LIMITS.maxBytes + 1), 'upload-metadata': meta },
    });
    expectApiError(big, 413, INTAKE_MSG.uploadError);
    // The caller's recording, but no upload was ever created for it.
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/uploads/${recordingId}`,
      headers: { ...TUS, authorization: auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(10),
    });
    expectApiError(unknown, 404, MSG.notFound);
    // Someone else's or a missing recording.
    expectApiError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/uploads/${randomUUID()}`,
        headers: { ...TUS, authorization: auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: 'x',
      }),
      404,
    );
    // Methods the endpoint does not take.
    for (const [method, url] of [
      ['GET', `/api/v1/uploads/${recordingId}`],
      ['PUT', '/api/v1/uploads'],
      ['POST', `/api/v1/uploads/${recordingId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { ...TUS, authorization: auth } });
      expectApiError(res, 405);
      expect(res.headers.allow).toContain('PATCH');
    }
    // A wrong offset on a real upload.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...TUS, authorization: auth, 'upload-length': '10', 'upload-metadata': meta },
    });
    expect(created.statusCode).toBe(201);
    const conflict = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: { ...TUS, authorization: auth, 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(5),
    });
    expectApiError(conflict, 409);
    // Success answers keep tus's headers.
    const head = await t.app.inject({ method: 'HEAD', url: created.headers.location as string, headers: { ...TUS, authorization: auth } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    expect(head.headers['tus-resumable']).toBe('1.0.0');
  });
});

describe('upload ids', () => {
  it('takes the upload id in any case (ids are lower-cased at the edge); a malformed one is a 400 as everywhere in the API', async () => {
    const { auth, recordingId } = await speakerWithRecording();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...TUS, authorization: auth, 'upload-length': '10', 'upload-metadata': `recordingId ${b64(recordingId.toUpperCase())}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/uploads/${recordingId}`);
    const upper = `/api/v1/uploads/${recordingId.toUpperCase()}`;
    const head = await t.app.inject({ method: 'HEAD', url: upper, headers: { ...TUS, authorization: auth } });
    expect(head.statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: upper,
      headers: { ...TUS, authorization: auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(4),
    });
    expect(patch.statusCode, patch.body).toBe(204);
    expect(patch.headers['upload-offset']).toBe('4');
    expectApiError(
      await t.app.inject({ method: 'PATCH', url: '/api/v1/uploads/..%2F..%2Fmedia', headers: { ...TUS, authorization: auth } }),
      400,
    );
  });
});

describe('CORS', () => {
  it('sends no CORS headers by default, whatever the Origin', async () => {
    const { auth, recordingId } = await speakerWithRecording();
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...TUS,
        origin: 'https://evil.example',
        authorization: auth,
        'upload-length': '10',
        'upload-metadata': `recordingId ${b64(recordingId)}`,
      },
    });
    expect(post.statusCode).toBe(201);
    expect(corsHeaders(post)).toEqual([]);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/uploads',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'tus-resumable,upload-length',
      },
    });
    expect(corsHeaders(preflight)).toEqual([]);
    const failed = await t.app.inject({
      method: 'PATCH',
      url: post.headers.location as string,
      headers: { origin: 'https://evil.example', authorization: auth },
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(corsHeaders(failed)).toEqual([]);
  });

  it('answers a configured origin (only that one), exposing the tus headers', async () => {
    const { auth, recordingId } = await speakerWithRecording(withCors);
    const post = (origin: string) =>
      withCors.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, origin, authorization: auth, 'upload-length': '10', 'upload-metadata': `recordingId ${b64(recordingId)}` },
      });
    const other = await post('https://evil.example');
    expect(corsHeaders(other)).toEqual([]);
    const allowed = await post(ALLOWED);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(allowed.headers['access-control-expose-headers'])).toMatch(/Location/i);
    expect(String(allowed.headers['access-control-expose-headers'])).toMatch(/Upload-Offset/i);
    // A browser's preflight for a tus PATCH from the configured origin gets tus's methods and headers.
    const preflight = (origin: string) =>
      withCors.app.inject({
        method: 'OPTIONS',
        url: allowed.headers.location as string,
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization,tus-resumable,upload-offset,content-type',
        },
      });
    const ok = await preflight(ALLOWED);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(ok.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(ok.headers['access-control-allow-headers'])).toMatch(/Upload-Offset/i);
    expect(corsHeaders(await preflight('https://evil.example'))).toEqual([]);
  });
});
