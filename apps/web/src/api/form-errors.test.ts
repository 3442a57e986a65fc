import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { ApiError } from './http-client';
import { FORM_ERROR, matchServerError, setServerError, type TServerErrorRule } from './form-errors';

type TForm = { email: string; password: string };

const rules: ReadonlyArray<TServerErrorRule<TForm>> = [
  { on: ERROR_CODES.authCurrentPasswordWrong, field: 'password' },
  { on: 404, field: 'email', message: MSG.forgotNotFound },
  { on: 401, field: FORM_ERROR, message: (e) => (e.hasBody ? e.message : MSG.incorrectCredentials) },
  { on: 'client', field: FORM_ERROR, withBody: true },
];

describe('matchServerError', () => {
  it('maps an error code to its field with the server message', () => {
    const e = new ApiError(400, 'The current password is wrong', true, ERROR_CODES.authCurrentPasswordWrong);
    expect(matchServerError(e, rules)).toEqual({ field: 'password', message: 'The current password is wrong' });
  });
  it('maps a status, with a fixed or a derived message', () => {
    expect(matchServerError(new ApiError(404, 'x', true, ERROR_CODES.authEmailUnknown), rules)).toEqual({
      field: 'email',
      message: MSG.forgotNotFound,
    });
    expect(matchServerError(new ApiError(401, MSG.networkError, false), rules)?.message).toBe(MSG.incorrectCredentials);
    expect(matchServerError(new ApiError(401, 'Incorrect credentials', true, ERROR_CODES.authIncorrectCredentials), rules)?.field).toBe(
      FORM_ERROR,
    );
  });
  it('takes any 4xx for "client" but skips a body-less one when the rule needs a body', () => {
    expect(matchServerError(new ApiError(409, 'Taken', true, ERROR_CODES.conflict), rules)).toEqual({
      field: FORM_ERROR,
      message: 'Taken',
    });
    expect(matchServerError(new ApiError(409, MSG.networkError, false), rules)).toBeNull();
  });
  it('leaves 5xx, offline and non-API failures to the caller', () => {
    expect(matchServerError(new ApiError(500, MSG.serverError, true, ERROR_CODES.serverError), rules)).toBeNull();
    expect(matchServerError(new ApiError(0, MSG.offline, false), rules)).toBeNull();
    expect(matchServerError(new Error('boom'), rules)).toBeNull();
  });
});

describe('setServerError', () => {
  it('marks the matched field with setError and reports whether it did', () => {
    const setError = vi.fn();
    expect(setServerError(new ApiError(404, 'x', true), setError, rules)).toBe(true);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: MSG.forgotNotFound });
    setError.mockClear();
    expect(setServerError(new ApiError(503, MSG.serverError, true), setError, rules)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
