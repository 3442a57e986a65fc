import { describe, expect, it } from 'vitest';
import { INTAKE_MSG, spokenLength } from './intake.js';

describe('the kept take offer (issue 19)', () => {
  it('says the take length in words', () => {
    expect(spokenLength(1.9)).toBe('1 second');
    expect(spokenLength(12.4)).toBe('12 seconds');
    expect(spokenLength(60)).toBe('1 minute');
    expect(spokenLength(185.2)).toBe('3 minutes 5 seconds');
    expect(spokenLength(61)).toBe('1 minute 1 second');
  });

  it('names the take and when it was recorded', () => {
    expect(INTAKE_MSG.keptTake(125, 'today at 14:05')).toBe(
      'Your recording of 2 minutes 5 seconds from today at 14:05 was not saved. It is kept on this device: keep it to give it a title and save it, or discard it.',
    );
  });
});
