import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { ApiError, call, configureHttp, endsSession, parseErrorBody } from './http-client';

const failure = (status: number, error: unknown) => async () => ({ error, response: new Response(null, { status }) });

function hooksWith(token: string | null) {
  const h = { token: () => token, beforeWrite: vi.fn(), onUnauthorized: vi.fn(), onPaymentRequired: vi.fn() };
  configureHttp(h);
  return h;
}

async function failureOf(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

afterEach(() => {
  hooksWith(null);
});

describe('ApiError codes', () => {
  it('carries the code of the first error, with its message and status', async () => {
    hooksWith('org-key');
    const body = { errors: [{ message: MSG.currentPasswordWrong, status: 400, code: ERROR_CODES.authCurrentPasswordWrong }] };
    const e = await failureOf(call('PUT', failure(400, body)));
    expect(e).toMatchObject({ status: 400, message: MSG.currentPasswordWrong, code: ERROR_CODES.authCurrentPasswordWrong, hasBody: true });
  });

  it('has a null code when the body had none, and no body when it is not the error shape', async () => {
    hooksWith(null);
    const old = await failureOf(call('GET', failure(404, { errors: [{ message: 'Gone', status: 404 }] })));
    expect(old).toMatchObject({ status: 404, message: 'Gone', code: null, hasBody: true });
    const html = await failureOf(call('GET', failure(404, undefined)));
    expect(html).toMatchObject({ status: 404, message: MSG.networkError, code: null, hasBody: false });
    const offline = await failureOf(call('GET', () => Promise.reject(new TypeError('fetch failed'))));
    expect(offline).toMatchObject({ status: 0, message: MSG.offline, code: null });
  });

  it('keeps the code of a 5xx while showing the generic message', async () => {
    hooksWith(null);
    const e = await failureOf(call('GET', failure(500, { errors: [{ message: 'x', status: 500, code: ERROR_CODES.serverError }] })));
    expect(e).toMatchObject({ status: 500, message: MSG.serverError, code: ERROR_CODES.serverError });
  });

  it('signs out on a 401 that means a lost session, not on a form error', async () => {
    const h = hooksWith('org-key');
    const wrong = { errors: [{ message: MSG.incorrectCredentials, status: 401, code: ERROR_CODES.authIncorrectCredentials }] };
    await failureOf(call('POST', failure(401, wrong)));
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    await failureOf(call('GET', failure(401, { errors: [{ message: MSG.keyExpired, status: 401, code: ERROR_CODES.authKeyExpired }] })));
    expect(h.onUnauthorized).toHaveBeenCalledTimes(1);
    await failureOf(call('GET', failure(401, { errors: [{ message: MSG.notSignedIn, status: 401 }] })));
    expect(h.onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('decides lost sessions and parses bodies by code alone', () => {
    expect(endsSession(401, ERROR_CODES.authRequired)).toBe(true);
    expect(endsSession(401, null)).toBe(true);
    expect(endsSession(401, ERROR_CODES.authIncorrectCredentials)).toBe(false);
    expect(endsSession(400, ERROR_CODES.authCurrentPasswordWrong)).toBe(false);
    expect(parseErrorBody({ errors: [] })).toBeNull();
    expect(parseErrorBody({ errors: [{ message: 'm', status: 409, code: ERROR_CODES.groupNameTaken }] })).toEqual({
      message: 'm',
      code: ERROR_CODES.groupNameTaken,
    });
  });

  it('applies the 402 rule to the subscription answer of a signed-in call, not to own402 calls nor signed out', async () => {
    const body = { errors: [{ message: MSG.subscriptionRequired, status: 402, code: ERROR_CODES.subscriptionRequired }] };
    const h = hooksWith('org-key');
    const e = await failureOf(call('GET', failure(402, body)));
    expect(e).toMatchObject({ status: 402, code: ERROR_CODES.subscriptionRequired, message: MSG.subscriptionRequired });
    expect(h.onPaymentRequired).toHaveBeenCalledTimes(1);
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    await failureOf(call('POST', failure(402, body), { own402: true }));
    expect(h.onPaymentRequired).toHaveBeenCalledTimes(1);
    const signedOut = hooksWith(null);
    await failureOf(call('GET', failure(402, body)));
    expect(signedOut.onPaymentRequired).not.toHaveBeenCalled();
  });
});
