import { describe, expect, it } from 'vitest';
import { defaultRegion, keyboardRegion } from './feedback.js';

// 001 section 5: keyboard region entry rounds to two decimals; a start beyond the end sets the end
// to the recording's duration; a non-number, a start still beyond the end, or an end beyond the
// duration reverts to the default region (the middle quarter).
describe('keyboardRegion', () => {
  it('sets the end to the duration when the start is after the end, whatever the duration decimals', () => {
    expect(keyboardRegion('20', '10', 25.237)).toEqual({ start: 20, end: 25.24 });
    expect(keyboardRegion('20', '10', 25.5)).toEqual({ start: 20, end: 25.5 });
    expect(keyboardRegion('3.456', '2', 12.3333)).toEqual({ start: 3.46, end: 12.33 });
  });

  it('rounds to two decimals and keeps a valid region', () => {
    expect(keyboardRegion('1.234', '5.678', 25.237)).toEqual({ start: 1.23, end: 5.68 });
  });

  it('reverts to the default region for a non-number, a start beyond the duration or an end beyond it', () => {
    const d = 25.237;
    expect(defaultRegion(d)).toEqual({ start: 9.46, end: 15.77 });
    expect(keyboardRegion('abc', '5', d)).toEqual(defaultRegion(d));
    expect(keyboardRegion('', '5', d)).toEqual(defaultRegion(d));
    expect(keyboardRegion('30', '10', d)).toEqual(defaultRegion(d));
    expect(keyboardRegion('1', '26', d)).toEqual(defaultRegion(d));
  });
});
