import { describe, expect, it } from 'vitest';
import { ZIdParamsSchema, ZIdSchema } from './api.js';
import { ZAssignmentRecordingParamsSchema, ZScorecardResponseBodySchema } from './assignment.js';
import { ZCreateFeedbackBodySchema, ZFeedbackListQuerySchema } from './feedback.js';
import { ZRecordingListQuerySchema } from './recording.js';

// Ids are lower-cased once, at the edge: handlers, SQL and media folders see one spelling.

const UPPER = '0F8FAD5B-D9CB-469F-A165-70867728950E';
const LOWER = UPPER.toLowerCase();

describe('ZIdSchema', () => {
  it('takes any 8-4-4-4-12 hex spelling and gives it lower-cased', () => {
    expect(ZIdSchema.parse(UPPER)).toBe(LOWER);
    expect(ZIdSchema.parse(LOWER)).toBe(LOWER);
    expect(ZIdParamsSchema.parse({ id: UPPER })).toEqual({ id: LOWER });
  });

  it('refuses what is not an id', () => {
    for (const v of ['', 'not-a-uuid', `${LOWER}0`, `../${LOWER}`, `${LOWER.slice(0, 35)}g`, 42, null])
      expect(ZIdSchema.safeParse(v).success, String(v)).toBe(false);
  });

  it('is what the id fields of bodies, params and queries use', () => {
    expect(ZAssignmentRecordingParamsSchema.parse({ id: UPPER, recordingId: UPPER })).toEqual({ id: LOWER, recordingId: LOWER });
    expect(ZFeedbackListQuerySchema.parse({ recordingId: UPPER }).recordingId).toBe(LOWER);
    expect(ZRecordingListQuerySchema.parse({ groupId: UPPER }).groupId).toBe(LOWER);
    expect(ZCreateFeedbackBodySchema.parse({ recordingId: UPPER, comment: 'Good pace' }).recordingId).toBe(LOWER);
    const body = ZScorecardResponseBodySchema.parse({
      recordingId: UPPER,
      scorecardId: UPPER,
      responses: [{ id: 'customa', response: 5 }],
    });
    expect([body.recordingId, body.scorecardId]).toEqual([LOWER, LOWER]);
  });
});
