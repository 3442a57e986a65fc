import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, alreadyCoachMessage } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { inviteCheckErrorMessage, joinFailure } from './join.queries';

// 000 section 8: what a failed join or invite check says.

describe('joinFailure', () => {
  it('tells the seat limit and "already a coach" by their statuses, the only 402 and 409 the join answers', () => {
    expect(joinFailure(new ApiError(402, 'full', true, ERROR_CODES.seatsLimitReached), 'edu')).toEqual({ kind: 'seat-limit' });
    expect(joinFailure(new ApiError(402, 'full', true), 'edu')).toEqual({ kind: 'seat-limit' });
    expect(joinFailure(new ApiError(409, 'coach', true, ERROR_CODES.groupAlreadyCoach), 'edu')).toEqual({
      kind: 'already-coach',
      ...alreadyCoachMessage('edu'),
    });
  });

  it("is an invalid code otherwise, with the server's words below 500", () => {
    expect(joinFailure(new ApiError(404, 'No such code', true, ERROR_CODES.inviteInvalid), 'other')).toEqual({
      kind: 'invalid',
      text: 'No such code',
    });
    expect(joinFailure(new ApiError(500, 'boom', true, ERROR_CODES.serverError), 'other')).toEqual({
      kind: 'invalid',
      text: MSG.joinInvalidText,
    });
  });
});

describe('inviteCheckErrorMessage', () => {
  it('says the code is invalid for any 400, the seat limit for a full organisation, else the message', () => {
    expect(inviteCheckErrorMessage(new ApiError(400, 'x', true, ERROR_CODES.requestInvalid))).toBe(MSG.inviteCodeInvalid);
    expect(inviteCheckErrorMessage(new ApiError(402, 'x', true, ERROR_CODES.seatsLimitReached))).toBe(MSG.joinSeatLimit);
    expect(inviteCheckErrorMessage(new ApiError(429, 'Too many attempts', true, ERROR_CODES.inviteRateLimited))).toBe('Too many attempts');
  });
});
