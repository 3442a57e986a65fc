import { describe, expect, it } from 'vitest';
import { nextInQueue, reviewQueueOffered, waitedText } from './review-queue.js';

const q = ['a', 'b', 'c'].map((recordingId) => ({ recordingId }));

describe('nextInQueue', () => {
  it('is the item after the current one, going round to the oldest', () => {
    expect(nextInQueue(q, 'a')?.recordingId).toBe('b');
    expect(nextInQueue(q, 'b')?.recordingId).toBe('c');
    expect(nextInQueue(q, 'c')?.recordingId).toBe('a');
  });
  it('is the oldest without a current one or when it left the queue', () => {
    expect(nextInQueue(q)?.recordingId).toBe('a');
    expect(nextInQueue(q, 'gone')?.recordingId).toBe('a');
  });
  it('is nothing when the current one is the last waiting, or nothing waits', () => {
    expect(nextInQueue([{ recordingId: 'a' }], 'a')).toBeNull();
    expect(nextInQueue([], 'a')).toBeNull();
    expect(nextInQueue([])).toBeNull();
  });
});

describe('waitedText', () => {
  const now = Date.parse('2026-12-04T12:00:00Z');
  it('says minutes, hours, then days, rounded down', () => {
    expect(waitedText('2026-12-04T11:59:30Z', now)).toBe('less than a minute');
    expect(waitedText('2026-12-04T11:59:00Z', now)).toBe('1 minute');
    expect(waitedText('2026-12-04T11:48:00Z', now)).toBe('12 minutes');
    expect(waitedText('2026-12-04T07:00:00Z', now)).toBe('5 hours');
    expect(waitedText('2026-12-03T12:30:00Z', now)).toBe('23 hours');
    expect(waitedText('2026-12-03T12:00:00Z', now)).toBe('1 day');
    expect(waitedText('2026-12-01T09:00:00Z', now)).toBe('3 days');
  });
  it('never says a negative time (a clock a little ahead)', () => {
    expect(waitedText('2026-12-04T12:05:00Z', now)).toBe('less than a minute');
  });
});

describe('reviewQueueOffered', () => {
  it('in coach mode to users who may coach', () => {
    expect(reviewQueueOffered({ canCoach: true }, 'manager')).toBe(true);
    expect(reviewQueueOffered({ canCoach: true }, 'speaker')).toBe(false);
    expect(reviewQueueOffered({ canCoach: false }, 'manager')).toBe(false);
  });
});
