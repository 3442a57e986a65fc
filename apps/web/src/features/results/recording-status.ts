import { FAILED_REASONS, INTAKE_MSG, RECORDING_LIMITS, ZOOM_MSG, type TRecording, type TRecordingSummary } from '@rostrum/contract';
import { pollInterval } from '../../app/poll-interval';
import { isInternetExplorer } from '../auth/browser-support';

// How a recording's state reads on the results page and in lists (spec 001 sections 4 and 8).

export interface TFailureText {
  title: string;
  text: string;
  /** Extra explanation for failures that will fail again. */
  explanation?: string;
}

const DO_NOT_RETRY_EXPLANATION =
  'The audio in this file could not be decoded or analysed, so uploading the same file again will fail the same way. Record again, or export the file in another format (such as .mp3 or .wav) and upload that.';

/** The failure title by failedCode; without a code the duration decides (no data, too short, not processable). */
export function failureText(r: Pick<TRecording, 'failedCode' | 'duration'>): TFailureText {
  const text = 'This recording could not be processed.';
  const code = r.failedCode;
  if (code === 'noSpeech') return { title: 'Extended Silence Detected in Recording', text };
  if (code === 'noData' || (!code && !r.duration)) return { title: 'Your Recording Contains No Data', text };
  const short = r.duration != null && r.duration < RECORDING_LIMITS.minSeconds;
  if (code === 'tooShort' || (!code && short)) return { title: 'Your Recording is Too Short', text };
  if (code === 'unprocessable' || !code) {
    return {
      title: short ? 'Your Recording is Too Short' : 'Your Audio Could Not be Processed',
      text,
      explanation: code === 'unprocessable' ? DO_NOT_RETRY_EXPLANATION : undefined,
    };
  }
  return { title: `An error occurred: ${FAILED_REASONS[code]}`, text };
}

/** A failed recording imported from Zoom: the Zoom retry hint and the support contact (001 section 8); null for others. */
export function zoomFailureHint(source: string | null, supportEmail: string | null): { hint: string; contact: string } | null {
  if (source !== 'zoom form') return null;
  return { hint: ZOOM_MSG.failedHint, contact: ZOOM_MSG.failedContact(supportEmail) };
}

/** The processing message for a recording that is not done yet. */
export function processingText(state: TRecording['state']): { title: string; note?: string } | null {
  if (state === 'uploading') return { title: INTAKE_MSG.stillUploading };
  if (state === 'extracting') return { title: INTAKE_MSG.extracting };
  if (state === 'computing') return { title: INTAKE_MSG.computing, note: INTAKE_MSG.computingNote };
  return null;
}

const POLL_MS = 10_000;
/** A re-analysis of a short recording takes seconds: its results are polled for sooner. */
const REANALYSIS_POLL_MS = 3000;
/**
 * A take recorded in the browser was transcribed while it was made: results follow seconds after
 * the save, so its first minute of polls come every second (then every 10 s, as for any upload:
 * a page left open on a stuck take does not ask every second for ever).
 */
const BROWSER_RECORDING_POLL_MS = 1000;
const BROWSER_RECORDING_FAST_POLLS = 60;

/**
 * How often the results page refetches its recording, or false: every 10 s while processing
 * (every second for the first minute of a take recorded in the browser) or while a video's
 * playback is not ready; every 3 s while a re-analysis runs. `fetches`: how many times the page
 * has fetched it so far.
 */
export function recordingPollMs(
  r: Pick<TRecording, 'state' | 'isVideo' | 'videoUrl' | 'wordspotting' | 'source'> | undefined,
  fetches = 0,
): number | false {
  if (!r) return false;
  if (r.state !== 'done' && r.state !== 'failed') {
    const fresh = r.source === 'ui record form' && fetches <= BROWSER_RECORDING_FAST_POLLS;
    return pollInterval(fresh ? BROWSER_RECORDING_POLL_MS : POLL_MS);
  }
  if (r.state === 'done' && r.isVideo && !r.videoUrl) return pollInterval(POLL_MS);
  // Not shortened by the test hook: results-wordspotting photographs the re-analysis in progress.
  return r.state === 'done' && r.wordspotting.reanalyzing ? REANALYSIS_POLL_MS : false;
}

export type TListState = 'failed' | 'uploading' | 'processing' | 'done';

export function listState(r: Pick<TRecordingSummary, 'failed' | 'uploading' | 'processing'>): TListState {
  if (r.failed) return 'failed';
  if (r.uploading) return 'uploading';
  if (r.processing) return 'processing';
  return 'done';
}

/** A generated name (the record tab's uuid names, or other long hex ids) says nothing, so lists hide it. */
export function isGeneratedFileName(name: string | null | undefined): boolean {
  if (!name) return true;
  const stem = name.replace(/\.[^.]+$/, '');
  return /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(stem) || /^[0-9a-f]{24,}$/i.test(stem);
}

/** 'Display Error' when the waveform fails to render (001 section 8): Internet Explorer has its own text. */
export function displayError(): { title: string; text: string } {
  return { title: 'Display Error', text: isInternetExplorer() ? INTAKE_MSG.displayErrorIe : INTAKE_MSG.displayError };
}
