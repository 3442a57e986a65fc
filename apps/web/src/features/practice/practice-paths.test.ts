import { describe, expect, it } from 'vitest';
import { practiceRecordPath, recordAgainPath } from './practice-paths';
import { targetLengthStage } from './target-length';

describe('Record another take', () => {
  const id = '11111111-1111-4111-8111-111111111111';
  it('records the same prompt, else the same assignment, else another take of the title', () => {
    expect(recordAgainPath({ recordingId: id, practicePromptId: 'p1', assignmentId: null })).toBe(practiceRecordPath('p1'));
    expect(recordAgainPath({ recordingId: id, practicePromptId: null, assignmentId: 'a1' })).toBe('/record?assignmentId=a1');
    expect(recordAgainPath({ recordingId: id, practicePromptId: null, assignmentId: null })).toBe(`/record?again=${id}`);
    expect(practiceRecordPath('p 1')).toBe('/record?promptId=p%201');
  });
});

describe('targetLengthStage', () => {
  it('is early until 80 % of the target, near until it, reached until a quarter over, then over', () => {
    expect([0, 47, 48, 59, 60, 74, 75, 200].map((s) => targetLengthStage(s, 60))).toEqual([
      'early',
      'early',
      'near',
      'near',
      'reached',
      'reached',
      'over',
      'over',
    ]);
  });
});
