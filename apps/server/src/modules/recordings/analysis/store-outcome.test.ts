import { describe, expect, it } from 'vitest';
import { whenUnfinished } from './store-outcome.js';

const failed = (retryable: boolean) => ({ type: 'failed', failedCode: 'noSpeech', retryable }) as const;

describe('whenUnfinished: an analysis that ended without results', () => {
  it('marks a fault that would repeat failed at once, with its reason', () => {
    expect(whenUnfinished(failed(false), 1, false, false)).toEqual({ kind: 'fail', failedCode: 'noSpeech' });
  });

  it('tries a transient fault again until the last try, then marks it failed', () => {
    expect(whenUnfinished(failed(true), 1, false, false)).toMatchObject({ kind: 'retry' });
    expect(whenUnfinished(failed(true), 1, false, true)).toEqual({ kind: 'fail', failedCode: 'noSpeech' });
  });

  it('tries a crashed child again, and calls it unprocessable on the last try', () => {
    expect(whenUnfinished(null, 137, false, false)).toEqual({ kind: 'retry', reason: 'analysis process ended with code 137' });
    expect(whenUnfinished(null, 137, false, true)).toEqual({ kind: 'fail', failedCode: 'unprocessable' });
  });

  it('never fails a re-analysis: it retries while it may, then ends and keeps the old results', () => {
    expect(whenUnfinished(null, 1, true, false)).toMatchObject({ kind: 'retry' });
    expect(whenUnfinished(failed(true), 1, true, false)).toMatchObject({ kind: 'retry' });
    expect(whenUnfinished(failed(false), 1, true, false)).toEqual({ kind: 'end-reanalysis' });
    expect(whenUnfinished(null, 1, true, true)).toEqual({ kind: 'end-reanalysis' });
  });
});
