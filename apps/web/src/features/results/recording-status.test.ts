import { FAILED_REASONS } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';
import { failureText } from './recording-status';

// Spec 001 section 8: each failure code has its title; the duration decides when there is no code.
describe('failureText', () => {
  it.each([
    ['noSpeech', 60, 'Extended Silence Detected in Recording'],
    ['noData', 0, 'Your Recording Contains No Data'],
    ['tooShort', 3, 'Your Recording is Too Short'],
    ['unprocessable', 60, 'Your Audio Could Not be Processed'],
    ['unprocessable', 3, 'Your Recording is Too Short'],
    [null, null, 'Your Recording Contains No Data'],
    [null, 3, 'Your Recording is Too Short'],
    [null, 60, 'Your Audio Could Not be Processed'],
    ['transcriptionUnavailable', 60, `An error occurred: ${FAILED_REASONS.transcriptionUnavailable}`],
    ['urlFetchFailed', null, `An error occurred: ${FAILED_REASONS.urlFetchFailed}`],
  ] as const)('%s after %s s reads "%s"', (failedCode, duration, title) => {
    expect(failureText({ failedCode, duration }).title).toBe(title);
  });

  it('explains only the failures that will fail again', () => {
    expect(failureText({ failedCode: 'unprocessable', duration: 60 }).explanation).toMatch(/uploading the same file again will fail/);
    expect(failureText({ failedCode: null, duration: 60 }).explanation).toBeUndefined();
    expect(failureText({ failedCode: 'noSpeech', duration: 60 }).explanation).toBeUndefined();
  });
});
