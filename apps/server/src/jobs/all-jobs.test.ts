import { describe, expect, it } from 'vitest';
import { ALL_JOBS } from './all-jobs.js';

/** pg-boss's default archive interval (12 h); it refuses a throttle (`everySeconds`) longer than this. */
const PG_BOSS_ARCHIVE_SECONDS = 12 * 3600;

describe('the job list', () => {
  it('names each job once', () => {
    const names = ALL_JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('runs no periodic job less often than pg-boss can throttle (a daily one would never be queued)', () => {
    const tooRare = ALL_JOBS.filter((j) => j.everySeconds !== undefined && j.everySeconds > PG_BOSS_ARCHIVE_SECONDS).map((j) => j.name);
    expect(tooRare).toEqual([]);
  });
});
