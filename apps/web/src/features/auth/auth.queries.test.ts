import { describe, expect, it } from 'vitest';
import { MSG } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { EmailTakenError, inviteCheckErrorMessage, signUpErrorMessage } from './auth.queries';

describe('signUpErrorMessage', () => {
  it('names a refused sign-up by its status', () => {
    expect(signUpErrorMessage(new ApiError(400, 'x', true))).toBe(MSG.signUpInvalid);
    expect(signUpErrorMessage(new ApiError(402, 'x', true))).toBe(MSG.seatLimit);
    expect(signUpErrorMessage(new ApiError(403, 'Not for you', true))).toBe('Not for you');
  });

  it('leaves the form (email taken), the banner (5xx) and offline their own', () => {
    expect(signUpErrorMessage(new EmailTakenError())).toBeNull();
    expect(signUpErrorMessage(new ApiError(500, 'x', true))).toBeNull();
    expect(signUpErrorMessage(new ApiError(0, MSG.offline, false))).toBeNull();
  });
});

describe('inviteCheckErrorMessage', () => {
  it('calls a 400 or 404 an invalid code and keeps the server message otherwise', () => {
    expect(inviteCheckErrorMessage(new ApiError(400, 'x', true))).toBe(MSG.inviteCodeInvalid);
    expect(inviteCheckErrorMessage(new ApiError(404, 'x', true))).toBe(MSG.inviteCodeInvalid);
    expect(inviteCheckErrorMessage(new ApiError(402, 'No free seat', true))).toBe('No free seat');
  });
});
