import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, ERROR_CODES } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { assignErrorMessage } from './assignment-editor.queries';

describe('assignErrorMessage', () => {
  it('names Error 1 and Error 2 by their codes', () => {
    expect(assignErrorMessage(new ApiError(400, 'x', true, ERROR_CODES.assignmentNoTarget))).toBe(ASSIGNMENT_MSG.assignNoTarget);
    expect(assignErrorMessage(new ApiError(400, 'x', true, ERROR_CODES.assignmentNoSpeakers))).toBe(ASSIGNMENT_MSG.assignNoSpeakers);
  });

  it('leaves any other failure without a message', () => {
    expect(assignErrorMessage(new ApiError(500, 'x', true))).toBeNull();
    expect(assignErrorMessage(new Error('boom'))).toBeNull();
  });
});
