import { describe, expect, it } from 'vitest';
import { RECORDING_LIMITS } from '@rostrum/contract';
import {
  initialRecordState,
  isTooShort,
  reachedMaxLength,
  recordReducer,
  showsSaveForm,
  type TCaptureState,
  type TRecordEvent,
  type TRecordEventType,
  type TRecordState,
} from './record-machine';

const take = (seconds: number) => ({ blob: new Blob(['x']), mimeType: 'audio/webm', seconds });
const LONG = take(12.4);
const SHORT = take(3.2);
const run = (events: TRecordEvent[], from: TRecordState = initialRecordState) => events.reduce(recordReducer, from);

/** One reachable state per case, named by where it stands in section 4's flow. */
const STATES: Record<string, TRecordState> = {
  ready: initialRecordState,
  authorizing: run([{ type: 'RECORD' }]),
  authorizingHint: run([{ type: 'RECORD' }, { type: 'TROUBLESHOOTING_DUE' }]),
  countDown: run([{ type: 'RECORD' }, { type: 'MIC_READY' }]),
  recording: run([{ type: 'RECORD' }, { type: 'MIC_READY' }, { type: 'COUNT_TICK' }, { type: 'COUNT_TICK' }, { type: 'COUNT_TICK' }]),
  stopping: run([
    { type: 'RECORD' },
    { type: 'MIC_READY' },
    { type: 'COUNT_TICK' },
    { type: 'COUNT_TICK' },
    { type: 'COUNT_TICK' },
    { type: 'STOP' },
  ]),
  stopped: { ...initialRecordState, phase: 'STOPPED', result: LONG, elapsed: LONG.seconds },
  tooShort: { ...initialRecordState, phase: 'STOPPED', result: SHORT, elapsed: SHORT.seconds },
  confirming: { ...initialRecordState, phase: 'STOPPED', result: LONG, elapsed: LONG.seconds, confirmCancel: true },
  uploading: { ...initialRecordState, phase: 'UPLOADING', result: LONG, progress: { sent: 10, total: 100 } },
  uploadFailed: {
    ...initialRecordState,
    phase: 'UPLOADING',
    result: LONG,
    uploadError: { message: 'Interrupted', canRetry: true },
  },
  authorizationError: { ...initialRecordState, phase: 'AUTHORIZATION_ERROR' },
  silenceError: { ...initialRecordState, phase: 'SILENCE_ERROR', elapsed: 7 },
};

const EVENTS: Record<TRecordEventType, TRecordEvent> = {
  RECORD: { type: 'RECORD' },
  TROUBLESHOOTING_DUE: { type: 'TROUBLESHOOTING_DUE' },
  MIC_DENIED: { type: 'MIC_DENIED' },
  SESSION_CHECK_FAILED: { type: 'SESSION_CHECK_FAILED' },
  MIC_READY: { type: 'MIC_READY' },
  COUNT_TICK: { type: 'COUNT_TICK' },
  ELAPSED: { type: 'ELAPSED', seconds: 4.2 },
  STOP: { type: 'STOP' },
  STOPPED: { type: 'STOPPED', result: LONG },
  RESTORED: { type: 'RESTORED', result: LONG },
  SILENCE: { type: 'SILENCE' },
  RESET: { type: 'RESET' },
  UPLOAD_STARTED: { type: 'UPLOAD_STARTED', total: 2048 },
  UPLOAD_PROGRESS: { type: 'UPLOAD_PROGRESS', progress: { sent: 50, total: 100 } },
  UPLOAD_FAILED: { type: 'UPLOAD_FAILED', error: { message: 'Refused', canRetry: false } },
  UPLOAD_RETRIED: { type: 'UPLOAD_RETRIED' },
  UPLOAD_DONE: { type: 'UPLOAD_DONE' },
  CANCEL_REQUESTED: { type: 'CANCEL_REQUESTED' },
  CANCEL_KEPT: { type: 'CANCEL_KEPT' },
  DISCARDED: { type: 'DISCARDED' },
};

/** Every (state, event) pair that changes the state; every other pair must be ignored. */
const VALID: Record<string, TRecordEventType[]> = {
  ready: ['RECORD', 'RESTORED'],
  authorizing: ['TROUBLESHOOTING_DUE', 'MIC_DENIED', 'SESSION_CHECK_FAILED', 'MIC_READY'],
  authorizingHint: ['MIC_DENIED', 'SESSION_CHECK_FAILED', 'MIC_READY'],
  countDown: ['COUNT_TICK'],
  recording: ['ELAPSED', 'STOP', 'SILENCE'],
  stopping: ['STOPPED'],
  stopped: ['UPLOAD_STARTED', 'CANCEL_REQUESTED'],
  tooShort: ['RESET'],
  confirming: ['UPLOAD_STARTED', 'CANCEL_KEPT', 'DISCARDED'],
  uploading: ['UPLOAD_PROGRESS', 'UPLOAD_FAILED', 'UPLOAD_DONE'],
  uploadFailed: ['UPLOAD_STARTED', 'UPLOAD_PROGRESS', 'UPLOAD_FAILED', 'UPLOAD_RETRIED', 'UPLOAD_DONE', 'CANCEL_REQUESTED'],
  authorizationError: ['RESET'],
  silenceError: ['RESET'],
};

const phaseOf = (name: string): TCaptureState => STATES[name]?.phase ?? 'READY';

describe('record machine: invalid events are ignored', () => {
  for (const [name, state] of Object.entries(STATES)) {
    const valid = VALID[name] ?? [];
    for (const [type, event] of Object.entries(EVENTS)) {
      if (valid.some((v) => v === type)) continue;
      it(`${name} (${phaseOf(name)}) ignores ${type}`, () => {
        expect(recordReducer(state, event)).toBe(state);
      });
    }
  }
});

describe('record machine: valid events change the state', () => {
  for (const [name, valid] of Object.entries(VALID)) {
    for (const type of valid) {
      it(`${name} (${phaseOf(name)}) accepts ${type}`, () => {
        const state = STATES[name] ?? initialRecordState;
        expect(recordReducer(state, EVENTS[type])).not.toBe(state);
      });
    }
  }
});

describe('record machine: transitions (spec 001 section 4)', () => {
  it('starts READY with the full countdown and nothing recorded', () => {
    expect(initialRecordState).toEqual({
      phase: 'READY',
      showTroubleshooting: false,
      count: RECORDING_LIMITS.countdownSeconds,
      elapsed: 0,
      result: null,
      progress: { sent: 0, total: 0 },
      uploadError: null,
      confirmCancel: false,
    });
  });

  it('Record asks for the microphone and clears the last take', () => {
    const dirty: TRecordState = { ...initialRecordState, elapsed: 9, uploadError: { message: 'x', canRetry: true } };
    expect(recordReducer(dirty, EVENTS.RECORD)).toEqual({ ...initialRecordState, phase: 'AUTHORIZING' });
  });

  it('shows the troubleshooting link once the delay passes while waiting', () => {
    expect(STATES.authorizingHint).toMatchObject({ phase: 'AUTHORIZING', showTroubleshooting: true });
  });

  it('a refused microphone is an authorization error', () => {
    expect(recordReducer(STATES.authorizingHint ?? initialRecordState, EVENTS.MIC_DENIED).phase).toBe('AUTHORIZATION_ERROR');
  });

  it('a failed session check (not 401) goes back to READY', () => {
    expect(recordReducer(STATES.authorizing ?? initialRecordState, EVENTS.SESSION_CHECK_FAILED).phase).toBe('READY');
  });

  it('microphone ready: the countdown starts from 3 and the troubleshooting link goes', () => {
    const s = recordReducer(STATES.authorizingHint ?? initialRecordState, EVENTS.MIC_READY);
    expect(s).toMatchObject({ phase: 'COUNT_DOWN', count: 3, showTroubleshooting: false });
  });

  it('counts 3, 2, 1 then records', () => {
    const c = STATES.countDown ?? initialRecordState;
    const two = recordReducer(c, EVENTS.COUNT_TICK);
    const one = recordReducer(two, EVENTS.COUNT_TICK);
    const rec = recordReducer(one, EVENTS.COUNT_TICK);
    expect([c.count, two.count, one.count]).toEqual([3, 2, 1]);
    expect([two.phase, one.phase, rec.phase]).toEqual(['COUNT_DOWN', 'COUNT_DOWN', 'RECORDING']);
  });

  it('the timer follows the capture while recording', () => {
    expect(recordReducer(STATES.recording ?? initialRecordState, EVENTS.ELAPSED).elapsed).toBe(4.2);
  });

  it('Stop goes through STOPPING to STOPPED with the take and its length', () => {
    const s = run([EVENTS.STOP, EVENTS.STOPPED], STATES.recording);
    expect(s).toMatchObject({ phase: 'STOPPED', result: LONG, elapsed: LONG.seconds });
    expect(showsSaveForm(s)).toBe(true);
    expect(isTooShort(s)).toBe(false);
  });

  it('silence while recording is a silence error', () => {
    expect(recordReducer(STATES.recording ?? initialRecordState, EVENTS.SILENCE).phase).toBe('SILENCE_ERROR');
  });

  it('a take under 5 seconds is too short and Go Back returns to READY', () => {
    const s = STATES.tooShort ?? initialRecordState;
    expect(isTooShort(s)).toBe(true);
    expect(showsSaveForm(s)).toBe(false);
    expect(recordReducer(s, EVENTS.RESET)).toEqual(initialRecordState);
  });

  it('Try Again after an error returns to READY', () => {
    expect(recordReducer(STATES.authorizationError ?? initialRecordState, EVENTS.RESET).phase).toBe('READY');
    expect(recordReducer(STATES.silenceError ?? initialRecordState, EVENTS.RESET)).toEqual(initialRecordState);
  });

  it('Save uploads from zero of the file size', () => {
    const s = recordReducer(STATES.stopped ?? initialRecordState, EVENTS.UPLOAD_STARTED);
    expect(s).toMatchObject({ phase: 'UPLOADING', progress: { sent: 0, total: 2048 }, uploadError: null, result: LONG });
    expect(showsSaveForm(s)).toBe(true);
  });

  it('progress, failure, retry and success while uploading', () => {
    const up = STATES.uploading ?? initialRecordState;
    expect(recordReducer(up, EVENTS.UPLOAD_PROGRESS).progress).toEqual({ sent: 50, total: 100 });
    const failed = recordReducer(up, EVENTS.UPLOAD_FAILED);
    expect(failed.uploadError).toEqual({ message: 'Refused', canRetry: false });
    expect(recordReducer(STATES.uploadFailed ?? initialRecordState, EVENTS.UPLOAD_RETRIED).uploadError).toBeNull();
    expect(recordReducer(up, EVENTS.UPLOAD_DONE)).toMatchObject({ phase: 'READY', result: null });
  });

  it('a new upload after a failure that cannot resume starts again from zero', () => {
    const s = recordReducer(STATES.uploadFailed ?? initialRecordState, EVENTS.UPLOAD_STARTED);
    expect(s).toMatchObject({ phase: 'UPLOADING', uploadError: null, progress: { sent: 0, total: 2048 } });
  });

  it('Cancel asks first; Keep it closes the dialog; Discard drops the take', () => {
    const asked = recordReducer(STATES.stopped ?? initialRecordState, EVENTS.CANCEL_REQUESTED);
    expect(asked.confirmCancel).toBe(true);
    expect(recordReducer(asked, EVENTS.CANCEL_KEPT)).toEqual(STATES.stopped);
    expect(recordReducer(asked, EVENTS.DISCARDED)).toEqual(initialRecordState);
    const afterFailure = run([EVENTS.CANCEL_REQUESTED, EVENTS.DISCARDED], STATES.uploadFailed);
    expect(afterFailure).toMatchObject({ phase: 'READY', result: null, uploadError: null, confirmCancel: false });
  });

  it('a take kept on the device goes from READY to its save form', () => {
    expect(recordReducer(initialRecordState, EVENTS.RESTORED)).toEqual(STATES.stopped);
  });

  it('stops by itself at 15 minutes (9000 tenths)', () => {
    expect(reachedMaxLength(899.9)).toBe(false);
    expect(reachedMaxLength(900)).toBe(true);
  });
});
