import { IDEALS, toDbfs, type TLiveFrame, type TLiveMeasure } from '@rostrum/analysis/live';

// Live cues while recording (issue 20): the words the Record tab shows, and the rules that turn
// the engine's live measures into calm cues. Thresholds and why: docs/decisions/live-capture.md.

/** Every user-facing string of the live cues. */
export const LIVE_CUE_TEXT = {
  switchLabel: 'Live cues',
  switchDescription: 'See your microphone level, pace and pausing while you record.',
  meterLabel: 'Microphone level',
  meterSilent: 'Silent',
  meterValue: (db: number) => `${db} dB`,
  silent: "We can't hear you — check your microphone.",
  clipping: 'Too loud — move back from the microphone.',
  listening: 'Pace and pausing show after a few seconds of speech.',
  paceLabel: 'Pace',
  pausesLabel: 'Pausing',
  pace: { slow: 'A bit slow', good: 'Good pace', fast: 'A bit fast' },
  pauses: { few: 'Pause a little more', good: 'Good pausing', many: 'Fewer, shorter pauses' },
  paceValue: (v: number) => `${v.toFixed(1)} syllables/s`,
  pausesValue: (v: number) => `${Math.round(v)}% of speaking time`,
} as const;

/** The meter's scale, dBFS: quieter than -60 is shown as empty. */
export const METER_FLOOR_DB = -60;
/** Louder than this (peak, dBFS) is the speaker heard; speech peaks sit around -30 to -6. */
const HEARD_DB = -50;
/** Nothing heard for this long from the start: the silence warning (well before the 5 s minimum). */
const SILENT_WARN_SECONDS = 1.5;
/** The clipping warning stays this long after the last clipped frame. */
const CLIP_HOLD_SECONDS = 2;
/** Speaking time in the window before pace and pausing are shown. */
export const MIN_SPEECH_SECONDS = 6;
/** Weight of each new measure (one a second) in the shown value: about a 3 s time constant. */
const SMOOTHING = 0.35;
/** A cue changes only once the value is this far past the ideal band's edge, or back inside it. */
const PACE_MARGIN = 0.2;
const PAUSE_MARGIN = 3;

export type TLevelWarning = 'silent' | 'clipping' | null;

/** The meter's level and its warning from the microphone's frames, on the audio's own clock. */
export class LevelWatch {
  private seconds = 0;
  private heard = false;
  private lastClip = Number.NEGATIVE_INFINITY;
  private peakDb = Number.NEGATIVE_INFINITY;

  add(frame: Pick<TLiveFrame, 'peak' | 'clipped'>, frameSeconds: number): void {
    this.seconds += frameSeconds;
    const db = toDbfs(frame.peak);
    if (db > HEARD_DB) this.heard = true;
    if (frame.clipped) this.lastClip = this.seconds;
    this.peakDb = Math.max(db, this.peakDb);
  }

  /** The loudest peak since the last call (a meter refresh), dBFS, and a fresh start for the next. */
  takePeakDb(): number {
    const db = this.peakDb;
    this.peakDb = Number.NEGATIVE_INFINITY;
    return db;
  }

  get warning(): TLevelWarning {
    if (this.seconds - this.lastClip <= CLIP_HOLD_SECONDS) return 'clipping';
    if (!this.heard && this.seconds >= SILENT_WARN_SECONDS) return 'silent';
    return null;
  }
}

export type TPaceCue = keyof typeof LIVE_CUE_TEXT.pace;
export type TPauseCue = keyof typeof LIVE_CUE_TEXT.pauses;

export interface TCueState {
  pace: { value: number; cue: TPaceCue } | null;
  pauses: { value: number; cue: TPauseCue } | null;
}

export const INITIAL_CUES: TCueState = { pace: null, pauses: null };

/** Below, inside or above an ideal band, with hysteresis: the current side is left only past a margin. */
function side<C extends string>(
  value: number,
  ideal: { idealMin: number; idealMax: number },
  margin: number,
  current: C | undefined,
  names: readonly [low: C, good: C, high: C],
): C {
  const [low, good, high] = names;
  if (current === low && value < ideal.idealMin + margin) return low;
  if (current === high && value > ideal.idealMax - margin) return high;
  if (current === undefined || current === good) {
    if (value < ideal.idealMin - margin) return low;
    if (value > ideal.idealMax + margin) return high;
    return good;
  }
  // Left its side: good unless far past the other edge already.
  return value < ideal.idealMin - margin ? low : value > ideal.idealMax + margin ? high : good;
}

const smooth = (previous: number | undefined, next: number) => (previous === undefined ? next : previous + SMOOTHING * (next - previous));

/**
 * The cues after one more measure of the window: nothing until MIN_SPEECH_SECONDS of speech were
 * heard, then each value smoothed and its cue kept until the value is clearly past a band edge.
 */
export function nextCues(state: TCueState, m: TLiveMeasure): TCueState {
  if (m.pace === null || m.pauseToTalk === null || m.speaking < MIN_SPEECH_SECONDS) return state;
  const pace = smooth(state.pace?.value, m.pace);
  const pauses = smooth(state.pauses?.value, m.pauseToTalk);
  return {
    pace: { value: pace, cue: side(pace, IDEALS.pace, PACE_MARGIN, state.pace?.cue, ['slow', 'good', 'fast']) },
    pauses: { value: pauses, cue: side(pauses, IDEALS.pauseToTalk, PAUSE_MARGIN, state.pauses?.cue, ['few', 'good', 'many']) },
  };
}
