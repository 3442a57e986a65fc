import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { roleSaveErrorMessage } from './admin-users.queries';

describe('roleSaveErrorMessage', () => {
  it("says the seat limit, the last admin's reason, or the generic failure", () => {
    expect(roleSaveErrorMessage(new ApiError(402, 'x', true, ERROR_CODES.seatsLimitReached))).toEqual({
      title: MSG.roleSaveSeatTitle,
      text: MSG.roleSaveSeatText,
    });
    expect(roleSaveErrorMessage(new ApiError(409, 'The last admin stays', true, ERROR_CODES.rolesLastAdmin))).toEqual({
      title: MSG.roleSaveSeatTitle,
      text: 'The last admin stays',
    });
    expect(roleSaveErrorMessage(new ApiError(400, 'x', true, ERROR_CODES.rolesCoachNotSpeaker))).toEqual({ title: MSG.roleSaveFailed });
  });
});
