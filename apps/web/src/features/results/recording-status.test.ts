import { FAILED_REASONS, INTAKE_MSG, ZOOM_MSG } from '@rostrum/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayError, failureText, recordingPollMs, zoomFailureHint } from './recording-status';

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

// The results page polls a recording while it processes, while a video's playback is prepared,
// and, sooner, while a re-analysis with a new word list runs (002 section 2.9).
describe('recordingPollMs', () => {
  const rec = (over: Partial<Parameters<typeof recordingPollMs>[0] & object> = {}) =>
    ({
      state: 'done',
      isVideo: false,
      videoUrl: null,
      wordspotting: { used: null, current: null, reanalyzing: false, canReanalyze: true },
      source: 'ui upload form',
      ...over,
    }) as Parameters<typeof recordingPollMs>[0];

  it('does not poll a settled recording, nor before it is loaded', () => {
    expect(recordingPollMs(rec())).toBe(false);
    expect(recordingPollMs(rec({ state: 'failed' }))).toBe(false);
    expect(recordingPollMs(undefined)).toBe(false);
  });

  it('polls every 10 s while processing or while a video is prepared', () => {
    expect(recordingPollMs(rec({ state: 'computing' }))).toBe(10_000);
    expect(recordingPollMs(rec({ isVideo: true, videoUrl: null }))).toBe(10_000);
    expect(recordingPollMs(rec({ isVideo: true, videoUrl: '/media/v' }))).toBe(false);
  });

  it('polls a take recorded in the browser every second for its first minute while it processes, then every 10 s', () => {
    expect(recordingPollMs(rec({ state: 'computing', source: 'ui record form' }))).toBe(1000);
    expect(recordingPollMs(rec({ state: 'computing', source: 'ui record form' }), 60)).toBe(1000);
    expect(recordingPollMs(rec({ state: 'computing', source: 'ui record form' }), 61)).toBe(10_000);
    expect(recordingPollMs(rec({ state: 'computing', source: 'ui upload form' }))).toBe(10_000);
    expect(recordingPollMs(rec({ state: 'done', source: 'ui record form' }))).toBe(false);
  });

  it('polls every 3 s while a re-analysis runs, and stops when it ends', () => {
    const ws = { used: null, current: null, canReanalyze: false };
    expect(recordingPollMs(rec({ wordspotting: { ...ws, reanalyzing: true } }))).toBe(3000);
    expect(recordingPollMs(rec({ wordspotting: { ...ws, reanalyzing: false } }))).toBe(false);
  });
});

describe('zoomFailureHint', () => {
  it('gives a failed Zoom import the Zoom retry hint and the support contact, and nothing to others', () => {
    expect(zoomFailureHint('zoom form', 'help@school.example')).toEqual({
      hint: ZOOM_MSG.failedHint,
      contact: 'If it fails again, contact support at help@school.example.',
    });
    expect(zoomFailureHint('zoom form', null)?.contact).toBe('If it fails again, contact your administrator.');
    expect(zoomFailureHint('ui upload form', 'help@school.example')).toBeNull();
  });
});

// 001 section 8: "'Display Error' when the waveform fails to render: Internet Explorer users are
// told to use Edge, Chrome or Firefox; others to reload or try another browser."
describe('displayError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells Internet Explorer users to use Edge, Chrome or Firefox', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko');
    expect(displayError()).toEqual({ title: 'Display Error', text: INTAKE_MSG.displayErrorIe });
    expect(INTAKE_MSG.displayErrorIe).toContain('Edge, Chrome or Firefox');
  });

  it('tells others to reload or try another browser', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36',
    );
    expect(displayError()).toEqual({ title: 'Display Error', text: INTAKE_MSG.displayError });
  });
});
