import { describe, expect, it } from 'vitest';
import { vibeChangesInList } from './take-delta';

const take = (recordingId: string, title: string, minute: number, overallScore: number | null, over = {}) => ({
  recordingId,
  title,
  assignmentId: null,
  practicePromptId: null,
  createdDate: new Date(Date.UTC(2026, 11, 1, 10, minute)).toISOString(),
  overallScore,
  processing: false,
  failed: false,
  ...over,
});

describe('vibeChangesInList', () => {
  it('gives each take its Vibe score change since the newest earlier analysed take of the same prompt, assignment or title', () => {
    const changes = vibeChangesInList([
      take('c', 'Pitch - v3', 3, 7.4),
      take('x', 'Other talk', 2, 9.0),
      take('b', 'Pitch - v2', 2, 6.8),
      take('p', 'Still analysing', 4, null, { processing: true }),
      take('a', 'Pitch', 1, 6.1),
      take('q1', 'Anything', 5, 5.0, { practicePromptId: 'p1' }),
      take('q2', 'Something else', 6, 5.0, { practicePromptId: 'p1' }),
    ]);
    expect(Object.fromEntries(changes)).toEqual({ b: 0.7, c: 0.6, q2: 0 });
  });
});
