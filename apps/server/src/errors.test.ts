import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTAKE_MSG, isErrorCode, MSG, ZApiErrorSchema } from '@rostrum/contract';
import { makeOrg, signInAs, startTestApp, type TTestApp } from './test/harness.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from './errors.js';

describe('HttpError codes', () => {
  it('defaults each helper to the generic code of its status', () => {
    expect(badRequest('x').code).toBe(ERROR_CODES.requestInvalid);
    expect(unauthorized().code).toBe(ERROR_CODES.authRequired);
    expect(forbidden().code).toBe(ERROR_CODES.permissionDenied);
    expect(notFound().code).toBe(ERROR_CODES.resourceNotFound);
    expect(conflict('x').code).toBe(ERROR_CODES.conflict);
    expect(new HttpError(402, 'x').code).toBe(ERROR_CODES.seatsLimitReached);
    expect(new HttpError(429, 'x').code).toBe(ERROR_CODES.rateLimited);
    expect(new HttpError(503, 'x').code).toBe(ERROR_CODES.serverError);
  });

  it('keeps an explicit code; without one, the status decides, never the message', () => {
    expect(badRequest(MSG.inviteCodeInvalid, ERROR_CODES.inviteInvalid).code).toBe(ERROR_CODES.inviteInvalid);
    expect(new HttpError(415, INTAKE_MSG.invalidFileType).code).toBe(ERROR_CODES.unsupportedMediaType);
    expect(new HttpError(400, INTAKE_MSG.tooLong).code).toBe(ERROR_CODES.requestInvalid);
  });

  it('lists only dot.snake codes, each once', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*(\.[a-z]+(_[a-z]+)*)*$/);
  });
});

describe('error answers carry a code', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const errorOf = (res: { statusCode: number; json: () => unknown }) => {
    const parsed = ZApiErrorSchema.parse(res.json());
    for (const e of parsed.errors) expect(isErrorCode(e.code), e.code).toBe(true);
    const first = parsed.errors[0]!;
    expect(first.status).toBe(res.statusCode);
    return first;
  };

  it('auth.required without a sign-in, auth.key_expired for an unknown key', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(errorOf(anonymous)).toMatchObject({ status: 401, message: MSG.notSignedIn, code: ERROR_CODES.authRequired });
    const unknownKey = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: 'Bearer org1-nokey' } });
    expect(errorOf(unknownKey)).toMatchObject({ status: 401, message: MSG.keyExpired, code: ERROR_CODES.authKeyExpired });
  });

  it('request.invalid for schema and NUL failures, resource.not_found for unknown API paths', async () => {
    const invalid = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: 'not-an-email' } });
    expect(errorOf(invalid)).toMatchObject({ status: 400, code: ERROR_CODES.requestInvalid });
    const nul = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: 'a\u0000@b.test', password: 'x' } });
    expect(errorOf(nul)).toMatchObject({ status: 400, code: ERROR_CODES.requestInvalid });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(errorOf(unknown)).toMatchObject({ status: 404, message: MSG.notFound, code: ERROR_CODES.resourceNotFound });
  });

  it('recording.not_found for a recording the caller cannot see, on the recording and upload routes', async () => {
    const { speaker } = await makeOrg(t.db);
    const authorization = await signInAs(t, speaker.email);
    const id = randomUUID();
    const rec = await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${id}`, headers: { authorization } });
    expect(errorOf(rec)).toMatchObject({ status: 404, message: MSG.notFound, code: ERROR_CODES.recordingNotFound });
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/uploads/${id}`, headers: { authorization, 'tus-resumable': '1.0.0' } });
    expect(head.statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/uploads/${id}`,
      headers: { authorization, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('abc'),
    });
    expect(errorOf(patch)).toMatchObject({ status: 404, code: ERROR_CODES.recordingNotFound });
  });

  it('request.method_not_allowed for a method uploads do not take', async () => {
    const { speaker } = await makeOrg(t.db);
    const authorization = await signInAs(t, speaker.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/uploads', headers: { authorization } });
    expect(errorOf(res)).toMatchObject({ status: 405, code: ERROR_CODES.methodNotAllowed });
  });
});
