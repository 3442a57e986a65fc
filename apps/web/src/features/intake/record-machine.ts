import { RECORDING_LIMITS } from '@rostrum/contract';
import type { TCaptureResult } from './audio-capture';
import type { TUploadProgress } from './recording-upload';

// The Record tab's capture states (spec 001 section 4) as a pure reducer: the component runs the
// microphone, timers and upload, and reports what happened as events. An event that does not
// apply to the current state is ignored (the same state object is returned).

/** Capture states of spec 001 section 4. */
export type TCaptureState =
  | 'READY'
  | 'AUTHORIZING'
  | 'COUNT_DOWN'
  | 'RECORDING'
  | 'STOPPING'
  | 'STOPPED'
  | 'UPLOADING'
  | 'AUTHORIZATION_ERROR'
  | 'SILENCE_ERROR';

export interface TUploadError {
  message: string;
  canRetry: boolean;
}

export interface TRecordState {
  phase: TCaptureState;
  /** The troubleshooting link under 'Waiting for access', shown after a delay. */
  showTroubleshooting: boolean;
  /** Seconds left in the countdown. */
  count: number;
  /** Seconds recorded (the timer), then the length of the take. */
  elapsed: number;
  result: TCaptureResult | null;
  progress: TUploadProgress;
  uploadError: TUploadError | null;
  /** The 'Discard this recording?' dialog is open. */
  confirmCancel: boolean;
}

export type TRecordEvent =
  | { type: 'RECORD' }
  | { type: 'TROUBLESHOOTING_DUE' }
  | { type: 'MIC_DENIED' }
  | { type: 'SESSION_CHECK_FAILED' }
  | { type: 'MIC_READY' }
  | { type: 'COUNT_TICK' }
  | { type: 'ELAPSED'; seconds: number }
  | { type: 'STOP' }
  | { type: 'STOPPED'; result: TCaptureResult }
  /** A take kept on this device before a reload was kept by the speaker: its save form shows. */
  | { type: 'RESTORED'; result: TCaptureResult }
  | { type: 'SILENCE' }
  | { type: 'RESET' }
  | { type: 'UPLOAD_STARTED'; total: number }
  | { type: 'UPLOAD_PROGRESS'; progress: TUploadProgress }
  | { type: 'UPLOAD_FAILED'; error: TUploadError }
  | { type: 'UPLOAD_RETRIED' }
  | { type: 'UPLOAD_DONE' }
  | { type: 'CANCEL_REQUESTED' }
  | { type: 'CANCEL_KEPT' }
  | { type: 'DISCARDED' };

export type TRecordEventType = TRecordEvent['type'];

/** The countdown ticks once a second (spec 001 section 4: 3, 2, 1, then recording). */
export const COUNT_DOWN_TICK_MS = 1000;
/** The recording timer is refreshed every tenth of a second. */
export const ELAPSED_POLL_MS = 100;

export const initialRecordState: TRecordState = {
  phase: 'READY',
  showTroubleshooting: false,
  count: RECORDING_LIMITS.countdownSeconds,
  elapsed: 0,
  result: null,
  progress: { sent: 0, total: 0 },
  uploadError: null,
  confirmCancel: false,
};

/** Recording stops by itself at the maximum length (9000 tenths of a second). */
export function reachedMaxLength(seconds: number): boolean {
  return seconds * 10 >= RECORDING_LIMITS.maxTenths;
}

/** A take shorter than the minimum is refused with 'Go Back' (spec 001 section 4). */
export function isTooShort(state: TRecordState): boolean {
  return state.phase === 'STOPPED' && !!state.result && state.result.seconds < RECORDING_LIMITS.minSeconds;
}

/** The save form shows for a long-enough take and while it uploads. */
export function showsSaveForm(state: TRecordState): boolean {
  return (state.phase === 'STOPPED' && !!state.result && !isTooShort(state)) || state.phase === 'UPLOADING';
}

/** Back to READY: the take, timer, upload error and troubleshooting link are cleared. */
function reset(state: TRecordState): TRecordState {
  return { ...state, phase: 'READY', result: null, elapsed: 0, uploadError: null, showTroubleshooting: false };
}

/** Save may start from a take ready to save, or again after an upload that could not be resumed. */
function canStartUpload(state: TRecordState): boolean {
  return (state.phase === 'STOPPED' && showsSaveForm(state)) || (state.phase === 'UPLOADING' && !!state.uploadError);
}

/** Cancel is offered on the save form except while an upload is running. */
function canCancel(state: TRecordState): boolean {
  return showsSaveForm(state) && !(state.phase === 'UPLOADING' && !state.uploadError);
}

export function recordReducer(state: TRecordState, event: TRecordEvent): TRecordState {
  const { phase } = state;
  switch (event.type) {
    case 'RECORD':
      return phase === 'READY' ? { ...reset(state), phase: 'AUTHORIZING' } : state;
    case 'TROUBLESHOOTING_DUE':
      return phase === 'AUTHORIZING' && !state.showTroubleshooting ? { ...state, showTroubleshooting: true } : state;
    case 'MIC_DENIED':
      return phase === 'AUTHORIZING' ? { ...state, phase: 'AUTHORIZATION_ERROR' } : state;
    case 'SESSION_CHECK_FAILED':
      return phase === 'AUTHORIZING' ? { ...state, phase: 'READY' } : state;
    case 'MIC_READY':
      return phase === 'AUTHORIZING'
        ? { ...state, phase: 'COUNT_DOWN', showTroubleshooting: false, count: RECORDING_LIMITS.countdownSeconds }
        : state;
    case 'COUNT_TICK':
      if (phase !== 'COUNT_DOWN') return state;
      return state.count > 1 ? { ...state, count: state.count - 1 } : { ...state, phase: 'RECORDING' };
    case 'ELAPSED':
      return phase === 'RECORDING' ? { ...state, elapsed: event.seconds } : state;
    case 'STOP':
      return phase === 'RECORDING' ? { ...state, phase: 'STOPPING' } : state;
    case 'STOPPED':
      return phase === 'STOPPING' ? { ...state, phase: 'STOPPED', result: event.result, elapsed: event.result.seconds } : state;
    case 'RESTORED':
      return phase === 'READY' ? { ...reset(state), phase: 'STOPPED', result: event.result, elapsed: event.result.seconds } : state;
    case 'SILENCE':
      return phase === 'RECORDING' ? { ...state, phase: 'SILENCE_ERROR' } : state;
    case 'RESET':
      return phase === 'AUTHORIZATION_ERROR' || phase === 'SILENCE_ERROR' || isTooShort(state) ? reset(state) : state;
    case 'UPLOAD_STARTED':
      return canStartUpload(state) ? { ...state, phase: 'UPLOADING', uploadError: null, progress: { sent: 0, total: event.total } } : state;
    case 'UPLOAD_PROGRESS':
      return phase === 'UPLOADING' ? { ...state, progress: event.progress } : state;
    case 'UPLOAD_FAILED':
      return phase === 'UPLOADING' ? { ...state, uploadError: event.error } : state;
    case 'UPLOAD_RETRIED':
      return phase === 'UPLOADING' && state.uploadError ? { ...state, uploadError: null } : state;
    case 'UPLOAD_DONE':
      return phase === 'UPLOADING' ? { ...state, phase: 'READY', result: null } : state;
    case 'CANCEL_REQUESTED':
      return canCancel(state) && !state.confirmCancel ? { ...state, confirmCancel: true } : state;
    case 'CANCEL_KEPT':
      return state.confirmCancel ? { ...state, confirmCancel: false } : state;
    case 'DISCARDED':
      return state.confirmCancel ? { ...reset(state), confirmCancel: false } : state;
  }
}
