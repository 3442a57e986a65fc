// The pitch movement at the end of an utterance, measured against the utterance's own declination
// and the speaker's range. Shared by upspeak (metrics/upspeak.metric.ts) and the question detector
// (metrics/questions.ts), so a rise means the same thing in both.
import { toSemitones } from '../signal/pitch.js';
import { contourIndex, mean, quantile, type TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import { framesIn } from './speech-track.js';

/** The final stretch of voicing a terminal rise is measured over. */
export const TAIL_SECONDS = 0.3;
/** At least this much voicing (80 ms) in the tail, or the ending is not measured. */
const MIN_TAIL_FRAMES = 8;
/** Voicing continues across at most 20 ms unvoiced (two frames). */
const MAX_GAP_FRAMES = 3;
/** Real pitch moves well under 3 semitones in 10 ms; a bigger step is a tracking slip (octave jump). */
const MAX_STEP_SEMITONES = 3;
/**
 * Frames this far under the utterance's loud frames are the voice dying away (creak, breath): the
 * tracker's pitch there is unreliable, so they are cut from the end of the tail.
 */
const FADE_DB = 20;
/** Voicing after the tail counts (dropAfter) from two frames on; one frame alone is a glitch. */
const MIN_AFTER_FRAMES = 2;
/** A rise must climb over at least 60 ms; a jump in the last two or three frames is an artefact. */
const MIN_RISE_SECONDS = 0.06;
/** Windows the declination lines are fitted to (about a syllable). */
const WINDOW_SECONDS = 0.2;
/** A speaker's range counts as at least this wide (a monotone stretch has almost none). */
const MIN_RANGE_SEMITONES = 2;
/** Less voiced body than this and the speaker's range stands in for the declination lines. */
const MIN_BODY_SECONDS = 0.4;

export interface TSpeakerRange {
  /** Speaker's low (15th percentile) and high (85th percentile) pitch, semitones re 100 Hz. */
  low: number;
  high: number;
}

export interface TFinalMovement {
  /** Semitones from the low point of the tail up to the final pitch. */
  rise: number;
  /** Final pitch, semitones re 100 Hz. */
  end: number;
  /** Semitones the pitch falls from its peak after the low point to the final pitch. */
  fall: number;
  /**
   * Semitones the voicing left after the measured tail (bits too short or too far off to keep, see
   * reliableEnding) lies under the final pitch, median of those frames; 0 when none is left.
   */
  dropAfter: number;
  /** Seconds from the low point to the end. */
  riseSeconds: number;
  /** Final pitch minus the pitch where the tail starts, semitones (final lowering makes it negative). */
  tailDelta: number;
  /**
   * Where the final pitch sits between the utterance's declining baseline (0) and topline (1),
   * both extrapolated to the end: a statement ends at or under its baseline (final lowering), a
   * terminal rise ends high in the range the phrase itself declined through.
   */
  position: number;
  /** Final pitch minus the phrase's baseline extrapolated to the end, semitones. */
  overBaseline: number;
  /** overBaseline over the speaker's own range (high - low). */
  aboveBaseline: number;
  /** Final pitch minus the speaker's low (15th percentile), over the speaker's range. */
  aboveLow: number;
  /** Mean semitones between the phrase's topline and baseline over its body (0 without a body). */
  phraseRange: number;
  /** End of the measured tail, seconds. */
  at: number;
}

/** The speaker's pitch range over `speech`. */
export function speakerRange(pitch: TContour, speech: readonly TInterval[]): TSpeakerRange {
  const st = framesIn(pitch, speech)
    .map((i) => pitch.values[i] ?? 0)
    .filter((f) => f > 0)
    .map(toSemitones);
  return { low: quantile(st, 0.15), high: quantile(st, 0.85) };
}

/** Least-squares line through (x, y); null when x does not vary. */
function fitLine(x: readonly number[], y: readonly number[]): { a: number; b: number } | null {
  const n = x.length;
  if (n < 2) return null;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += ((x[i] as number) - mx) ** 2;
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my);
  }
  if (sxx <= 0) return null;
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/**
 * The frames the ending is measured on: the last stretch of continuous voicing long enough to
 * measure (80 ms). A jump of more than 3 semitones between frames, or 30 ms unvoiced, breaks a
 * stretch, so the few frames of breath or creak an octave off that often follow a falling end are
 * no rise. What voicing is left after it is judged by finalMovement's dropAfter.
 *
 * `frames` are the voiced (and loud enough) frame indices in order; `semitones` their pitch.
 */
export function reliableEnding(frames: readonly number[], semitones: (i: number) => number): number[] {
  let segment: number[] = [];
  let current: number[] = [];
  for (const i of frames) {
    const prev = current[current.length - 1];
    const joined = prev !== undefined && i - prev <= MAX_GAP_FRAMES && Math.abs(semitones(i) - semitones(prev)) <= MAX_STEP_SEMITONES;
    if (!joined) current = [];
    current.push(i);
    if (current.length >= MIN_TAIL_FRAMES) segment = current;
  }
  return segment;
}

/**
 * The final movement of the utterance made of `runs` (its speech runs, in order; the tail is the
 * end of the last). Null when the tail has under 80 ms of reliable voicing.
 *
 * Declination ('t Hart, Collier & Cohen 1990): the phrase's F0 drifts down between a topline
 * (its peaks) and a baseline (its valleys). Both lines are fitted to the voiced body before the
 * tail (85th and 15th percentile of each 200 ms window) and extrapolated to the end, so a rise is
 * judged against where this phrase was heading, not against an absolute pitch.
 */
export function finalMovement(
  pitch: TContour,
  intensity: TContour | null,
  runs: readonly TInterval[],
  range: TSpeakerRange,
): TFinalMovement | null {
  const last = runs[runs.length - 1];
  if (!last) return null;
  const loudness = (i: number): number => {
    if (!intensity) return Infinity;
    const k = contourIndex(intensity, pitch.start + i * pitch.step);
    return intensity.values[Math.max(0, Math.min(intensity.values.length - 1, k))] ?? -Infinity;
  };
  const utteranceFrames = framesIn(pitch, runs).filter((i) => (pitch.values[i] ?? 0) > 0);
  const loud = intensity ? quantile(utteranceFrames.map(loudness), 0.9) : Infinity;
  const frames = framesIn(pitch, [last]).filter((i) => (pitch.values[i] ?? 0) > 0 && loudness(i) >= loud - FADE_DB);
  const segment = reliableEnding(frames, (i) => toSemitones(pitch.values[i] ?? 0));
  const lastFrame = segment[segment.length - 1];
  if (lastFrame === undefined) return null;
  const tailFrom = lastFrame - Math.round(TAIL_SECONDS / pitch.step);
  const tail = segment.filter((i) => i >= tailFrom);
  const st = tail.map((i) => toSemitones(pitch.values[i] ?? 0));
  // Median of three removes single-frame glitches before finding the low point and the end.
  const smooth = st.map((_, i) => median3(st[i - 1] ?? st[i] ?? 0, st[i] ?? 0, st[i + 1] ?? st[i] ?? 0));
  const end = median3(smooth[smooth.length - 1] ?? 0, smooth[smooth.length - 2] ?? 0, smooth[smooth.length - 3] ?? 0);
  let low = Infinity;
  let lowAt = 0;
  for (let i = 0; i < smooth.length - 2; i++)
    if ((smooth[i] ?? Infinity) < low) {
      low = smooth[i] as number;
      lowAt = i;
    }
  // A rise-fall (an emphatic accent, "ask NOT") climbs past the final pitch and comes down again;
  // a terminal rise ends at or near its peak.
  let peak = end;
  for (let i = lowAt; i < smooth.length; i++) peak = Math.max(peak, smooth[i] ?? -Infinity);
  // Voicing after the tail, too short or too far off to measure, that lies lower: the voice went on
  // down, so the tail's end was not the end. A word ending in consonant + vowel ("cancellet-to",
  // Carlo's Italian) puts its last vowel after a 50-150 ms closure, often voiced for under 80 ms and
  // at 1.25x for two or three frames only; the tail then ends on the stressed syllable before it,
  // high, while the statement ends deep in the bottom register.
  const after = frames.filter((i) => i > lastFrame).map((i) => toSemitones(pitch.values[i] ?? 0));
  const dropAfter = after.length >= MIN_AFTER_FRAMES ? Math.max(0, end - quantile(after, 0.5)) : 0;
  const riseSeconds = (lastFrame - (tail[lowAt] as number)) * pitch.step;
  const rise = riseSeconds >= MIN_RISE_SECONDS ? end - low : 0;

  // Declination lines over the body (everything voiced before the tail).
  const tailStart = pitch.start + (tail[0] as number) * pitch.step;
  const endTime = pitch.start + lastFrame * pitch.step;
  const body = utteranceFrames.filter((i) => pitch.start + i * pitch.step < tailStart);
  const windows = new Map<number, number[]>();
  for (const i of body) {
    const t = pitch.start + i * pitch.step;
    const w = Math.floor(t / WINDOW_SECONDS);
    (windows.get(w) ?? windows.set(w, []).get(w) ?? []).push(toSemitones(pitch.values[i] ?? 0));
  }
  const xs: number[] = [];
  const tops: number[] = [];
  const bases: number[] = [];
  for (const [w, values] of windows) {
    if (values.length < 5) continue;
    xs.push((w + 0.5) * WINDOW_SECONDS);
    tops.push(quantile(values, 0.85));
    bases.push(quantile(values, 0.15));
  }
  const span = Math.max(MIN_RANGE_SEMITONES, range.high - range.low);
  let base = range.low;
  if (body.length * pitch.step >= MIN_BODY_SECONDS && xs.length >= 2) {
    const b = fitLine(xs, bases);
    const t = fitLine(xs, tops);
    // A phrase's line can only decline or stay level within the speaker's range: a short body
    // that happens to slope up is not extrapolated into a rise of its own.
    if (b && t) {
      const lastX = xs[xs.length - 1] as number;
      const extrapolate = (l: { a: number; b: number }): number => l.a + l.b * lastX + Math.min(0, l.b) * (endTime - lastX);
      base = extrapolate(b);
    }
  }
  const phraseRange = xs.length >= 2 ? mean(tops) - mean(bases) : 0;
  const position = (end - base) / Math.max(0.25 * span, phraseRange);
  return {
    rise,
    end,
    fall: peak - end,
    dropAfter,
    riseSeconds,
    tailDelta: end - median3(smooth[0] ?? 0, smooth[1] ?? 0, smooth[2] ?? 0),
    position,
    overBaseline: end - base,
    aboveBaseline: span > 0 ? (end - base) / span : Number.NaN,
    aboveLow: span > 0 ? (end - range.low) / span : Number.NaN,
    phraseRange,
    at: endTime,
  };
}

/**
 * A terminal rise ends no lower than this share of the speaker's range under the speaker's own low
 * (15th percentile of their voiced frames over the talk): a read statement ends deep in the bottom
 * register (final lowering), the same statement with a rise imposed on its last 0.4 s ends at or
 * above that low. Chosen on the bench's TUNE half (docs/analysis/upspeak-and-questions.md, "Upspeak"), the middle of the
 * stretch (-0.15..-0.1) where fluent ends stay at 4 % and raised ends at 92 %.
 *
 * The end is no longer also required to sit near the phrase's extrapolated baseline: that line,
 * fitted to a few 200 ms windows of a short phrase, is steep wherever the phrase had a deep final
 * lowering, and all 13 raised ends the old rule missed on the TUNE half ended under it; the
 * talk-wide low is measured on every voiced frame of the speaker.
 */
export const RISE_ABOVE_LOW = -0.13;
/** A rise-fall (an accent on the last word) that falls back this much from its peak ends falling. */
export const MAX_FALL_SEMITONES = 2;
/** The climb over the tail that counts as a rise on its own, semitones (see MONOTONE_SEMITONES). */
export const RISE_SEMITONES = 3;
/**
 * A phrase whose topline and baseline lie closer than this (on average over its body) is
 * monotone: there an end level with the baseline says nothing, and only a climb of RISE_SEMITONES
 * over the tail counts.
 */
export const MONOTONE_SEMITONES = 1.5;

/** A terminal rise, judged against the speaker's range, the phrase's own range and its last peak (see finalMovement). */
export function isTerminalRise(m: TFinalMovement | null): boolean {
  if (m === null || Math.max(m.fall, m.dropAfter) >= MAX_FALL_SEMITONES) return false;
  if (m.phraseRange < MONOTONE_SEMITONES && m.rise < RISE_SEMITONES) return false;
  return m.aboveLow >= RISE_ABOVE_LOW;
}
