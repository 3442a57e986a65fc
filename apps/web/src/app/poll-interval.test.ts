import { afterEach, describe, expect, it } from 'vitest';
import { pollInterval } from './poll-interval';

describe('pollInterval', () => {
  afterEach(() => window.localStorage.clear());

  it('is the product interval unless a test sets a shorter one', () => {
    expect(pollInterval(10_000)).toBe(10_000);
    window.localStorage.setItem('rostrum.pollMs', '1000');
    expect(pollInterval(10_000)).toBe(1000);
    expect(pollInterval(800)).toBe(800);
  });

  it('ignores values that are not numbers or would poll faster than every 500 ms', () => {
    for (const v of ['abc', '0', '-5', '100']) {
      window.localStorage.setItem('rostrum.pollMs', v);
      expect(pollInterval(10_000)).toBe(10_000);
    }
  });
});
