import { CLARITY_WEIGHTS, type TClarityPart } from '@rostrum/contract';
import { IDEALS } from '../report/ideals.js';
import { SPEECH_BANDS } from '../signal/band-power.js';
import { contourIndex, quantile } from '../signal/contour.js';
import { clamp, round } from './score-bands.js';
import { framesIn, type TSpeechTrack } from './speech-track.js';

export interface TClarityResult {
  /** 0-10, one decimal. */
  clarity: number;
  /** Median intensity dip between neighbouring syllables, dB (crisp articulation dips deeper). */
  syllableDip: number;
  /** Speech level over the noise floor, dB. */
  signalToNoise: number;
  /** Share of the speech bands a listener hears above noise and within reach of their normal level (0-1). */
  audibility: number;
  /** Each part 0-1; `recognised` only when a recogniser listened. */
  parts: Partial<Record<TClarityPart, number>>;
}

/** The quietest tenth of the recording's frames stands for its background noise. */
const NOISE_FLOOR_QUANTILE = 0.1;
/**
 * A band counts as fully heard when its speech is within 5 dB of the standard speech spectrum's
 * share of the speaker's own level, and as lost 35 dB below it: the Speech Intelligibility
 * Index's 30 dB range of speech, with 5 dB of room for voices darker or brighter than average.
 */
const BAND_REACH_DB = 20;
/** English averages about 1.5 syllables a word; a clear talk is recognised word for word. */
const SYLLABLES_PER_WORD = 1.5;
const MIN_SYLLABLES_TO_JUDGE_WORDS = 10;
/**
 * Syllables a second at which a listener no longer follows: comprehension of fast and
 * time-compressed speech falls off steeply above about 275 words a minute (Foulke & Sticht 1969),
 * about 7 syllables a second. Up to the ideal pace's top the pace costs nothing.
 */
const FOLLOWABLE_PACE_LIMIT = 7;

const dB = (power: number): number => 10 * Math.log10(Math.max(power, 1e-20));

/**
 * The Speech Intelligibility Index (ANSI S3.5-1997, octave-band method) measured from the
 * recording itself: per band, speech level is the mean power of the speaker's speech frames
 * less the noise floor's, and the disturbance is the louder of the noise floor and a band
 * threshold set from the speaker's own level. Band audibility (speech - disturbance + 15) / 30,
 * clamped to 0-1, weighted by the band's importance. Noise lowers it in every band; muffled,
 * mumbled and low-passed speech lose the upper bands, which carry most consonants.
 */
function speechAudibility(track: TSpeechTrack): number {
  const bands = track.bands.map((b) => b.values);
  const frames = bands[0]?.length ?? 0;
  if (frames === 0) return 0;
  const total = new Float32Array(frames);
  for (const band of bands) for (let i = 0; i < frames; i++) total[i] = (total[i] as number) + (band[i] as number);
  const floorLevel = quantile(total, NOISE_FLOOR_QUANTILE);
  const quiet: number[] = [];
  for (let i = 0; i < frames; i++) if ((total[i] as number) <= floorLevel) quiet.push(i);
  const first = track.bands[0];
  const speech = first ? framesIn(first, track.speech) : [];
  if (speech.length === 0 || quiet.length === 0) return 0;
  const meanOver = (band: Float32Array, at: readonly number[]): number => at.reduce((s, i) => s + (band[i] as number), 0) / at.length;
  const noise = bands.map((band) => meanOver(band, quiet));
  const speechPower = bands.map((band, b) => Math.max(0, meanOver(band, speech) - (noise[b] as number)));
  const level = dB(speechPower.reduce((s, p) => s + p, 0));
  let index = 0;
  let importance = 0;
  for (const [b, band] of SPEECH_BANDS.entries()) {
    const threshold = level + band.relativeLevel - BAND_REACH_DB;
    const disturbance = Math.max(dB(noise[b] as number), threshold);
    index += band.importance * clamp((dB(speechPower[b] as number) - disturbance + 15) / 30, 0, 1);
    importance += band.importance;
  }
  return index / importance;
}

/**
 * Clarity is articulation a listener can follow: the speech bands heard clearly (audibility),
 * syllables that stand apart (how deeply intensity dips between them), a pace a listener can
 * follow, and, when a recogniser listened, how much of the speech it made into words it was
 * sure of. Weights: CLARITY_WEIGHTS (docs/analysis/clarity.md, "Clarity").
 */
export function measureClarity(track: TSpeechTrack, pace: number): TClarityResult {
  const v = track.intensity.values;
  const dips: number[] = [];
  for (let k = 1; k < track.nuclei.length; k++) {
    const a = track.nuclei[k - 1];
    const b = track.nuclei[k];
    if (!a || !b || b.time - a.time > 0.6) continue;
    // Peaks and dip on the same (broadband) contour: the nuclei's own levels are in a narrower band.
    const from = contourIndex(track.intensity, a.time);
    const to = contourIndex(track.intensity, b.time);
    let low = Infinity;
    for (let i = from; i <= to; i++) low = Math.min(low, v[i] ?? Infinity);
    const peak = Math.min(v[from] ?? -Infinity, v[to] ?? -Infinity);
    if (Number.isFinite(low) && Number.isFinite(peak)) dips.push(peak - low);
  }
  const syllableDip = dips.length ? quantile(dips, 0.5) : 0;
  const signalToNoise = quantile(v, 0.95) - quantile(v, 0.1);
  const audibility = speechAudibility(track);
  const parts: Partial<Record<TClarityPart, number>> = {
    audibility,
    articulation: clamp((syllableDip - 2) / 8, 0, 1),
    followablePace: clamp((FOLLOWABLE_PACE_LIMIT - pace) / (FOLLOWABLE_PACE_LIMIT - IDEALS.pace.idealMax), 0, 1),
  };
  // A recogniser that listened and made out little is evidence too; only without one (or with
  // too little speech to judge) does this part drop out.
  const words = track.words.filter((w) => !w.isFiller);
  const listened = track.transcribed ?? words.length > 0;
  if (listened && track.nuclei.length >= MIN_SYLLABLES_TO_JUDGE_WORDS) {
    // Sure words per expected word: the recogniser's posterior summed over the words it heard,
    // against the words the syllable count implies.
    const sure = words.reduce((s, w) => s + w.confidence, 0);
    parts.recognised = clamp(sure / (track.nuclei.length / SYLLABLES_PER_WORD), 0, 1);
  }
  let total = 0;
  let score = 0;
  for (const [k, w] of Object.entries(CLARITY_WEIGHTS) as [TClarityPart, number][]) {
    const part = parts[k];
    if (part === undefined) continue;
    total += w;
    score += w * part;
  }
  return {
    clarity: round((10 * score) / total, 1),
    syllableDip: round(syllableDip, 2),
    signalToNoise: round(signalToNoise, 1),
    audibility: round(audibility, 3),
    parts,
  };
}
