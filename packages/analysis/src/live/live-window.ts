import { quantile } from '../signal/contour.js';
import { BLOCK_MS, nucleiFromEnergy, smoothIntensity } from '../signal/syllable-nuclei.js';
import { detectVoiceActivity, totalDuration } from '../signal/voice-activity.js';
import type { TLiveFrame } from './live-meter.js';

/**
 * Seconds of the most recent input the live pace and pause ratio are measured on: long enough
 * for a few sentences and their pauses (the engine's thresholds are quantiles of what it hears),
 * short enough that a change of tempo shows within half a minute.
 */
export const LIVE_WINDOW_SECONDS = 30;
/** Praat's intensity for a 100 Hz minimum pitch (the engine's computeIntensity): a 32 ms half window. */
const INTENSITY_HALF_MS = 32;
/** Under this loudness (dB re 2e-5, samples as pascals: -50 dBFS) nothing in the window is speech. */
const HEARD_FLOOR_DB = 44;

export interface TLiveMeasure {
  /** Speaking time in the window, seconds (the engine's speech, pauses left out). */
  speaking: number;
  /** Silent pauses of 250 ms or more between speech in the window, seconds. */
  paused: number;
  syllables: number;
  /** Syllables per second of speaking time, the engine's pace; null when nothing was heard. */
  pace: number | null;
  /** Pause time over speaking time, %, the engine's pauseToTalk; null when nothing was heard. */
  pauseToTalk: number | null;
}

/**
 * Pace and pause ratio of a stretch of input, measured as the engine measures a recording: the
 * same tempo-following syllable nuclei on the formant band's power (without the voicing check,
 * which needs a pitch track a browser cannot afford every second) and the same voice activity
 * rule on the broadband intensity.
 */
export function measureLive(formant: Float64Array, broadband: Float64Array): TLiveMeasure {
  const none: TLiveMeasure = { speaking: 0, paused: 0, syllables: 0, pace: null, pauseToTalk: null };
  const intensity = smoothIntensity(broadband, INTENSITY_HALF_MS);
  if (intensity.values.length === 0 || !(quantile(intensity.values, 0.99) > HEARD_FLOOR_DB)) return none;
  const activity = detectVoiceActivity(intensity);
  const speaking = totalDuration(activity.speech);
  if (speaking <= 0) return none;
  const paused = totalDuration(activity.pauses);
  const syllables = nucleiFromEnergy(formant, null).nuclei.length;
  return { speaking, paused, syllables, pace: syllables / speaking, pauseToTalk: (100 * paused) / speaking };
}

/** The last LIVE_WINDOW_SECONDS of frames, kept in two rings of 2 ms blocks. */
export class LiveWindow {
  private readonly formant: Float64Array;
  private readonly broadband: Float64Array;
  private next = 0;
  private filled = 0;

  constructor(seconds = LIVE_WINDOW_SECONDS) {
    const blocks = Math.round((seconds * 1000) / BLOCK_MS);
    this.formant = new Float64Array(blocks);
    this.broadband = new Float64Array(blocks);
  }

  add(frame: Pick<TLiveFrame, 'formant' | 'broadband'>): void {
    const n = this.formant.length;
    for (let i = 0; i < frame.formant.length; i++) {
      this.formant[this.next] = frame.formant[i] as number;
      this.broadband[this.next] = frame.broadband[i] ?? 0;
      this.next = (this.next + 1) % n;
    }
    this.filled = Math.min(n, this.filled + frame.formant.length);
  }

  /** Seconds of input held (up to the window's length). */
  get seconds(): number {
    return (this.filled * BLOCK_MS) / 1000;
  }

  measure(): TLiveMeasure {
    return measureLive(this.inOrder(this.formant), this.inOrder(this.broadband));
  }

  private inOrder(ring: Float64Array): Float64Array {
    const n = ring.length;
    const out = new Float64Array(this.filled);
    const first = (this.next - this.filled + n) % n;
    for (let i = 0; i < this.filled; i++) out[i] = ring[(first + i) % n] as number;
    return out;
  }
}
