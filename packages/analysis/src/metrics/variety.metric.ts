import type { TIdeal, TSpan, TVariety } from '@rostrum/contract';
import { SEGMENT_IDEALS } from '../report/ideals.js';
import { quantile, robustSpread, standardDeviation } from '../signal/contour.js';
import { toSemitones } from '../signal/pitch.js';
import { mergeSpans, round, spreadFor } from './score-bands.js';
import { minSpeaking, type TSegment } from './segments.js';
import { framesIn, type TSpeechTrack } from './speech-track.js';

export interface TVarietyResult {
  variety: TVariety;
  segments: TSpan[];
  hotSpots: TSpan[];
}

function summarise(values: (number | null)[], segments: readonly TSegment[], band: TIdeal, overall: number): TVarietyResult {
  const spans: TSpan[] = [];
  let below = 0;
  let above = 0;
  let inside = 0;
  values.forEach((v, k) => {
    const s = segments[k];
    if (v === null || !s || !Number.isFinite(v)) return;
    if (v < band.idealMin) below++;
    else if (v > band.idealMax) above++;
    else inside++;
    spans.push({ from: s.from, to: s.to, spread: spreadFor(v, band) });
  });
  const n = Math.max(1, below + above + inside);
  return {
    variety: {
      inBand: round((100 * inside) / n, 0),
      belowBand: round((100 * below) / n, 0),
      aboveBand: round((100 * above) / n, 0),
      value: Number.isFinite(overall) ? round(overall, 2) : 0,
    },
    segments: spans,
    hotSpots: mergeSpans(spans.filter((s) => Math.abs(s.spread) > 2)),
  };
}

/** Pitch variety: robust standard deviation (IQR / 1.349) of voiced pitch in semitones, per segment and overall. */
export function measurePitchVariety(track: TSpeechTrack, segments: readonly TSegment[]): TVarietyResult {
  const st = (from: number, to: number): number[] =>
    framesIn(track.pitch, track.speech, from, to)
      .map((i) => toSemitones(track.pitch.values[i] ?? 0))
      .filter((v) => Number.isFinite(v));
  const values = segments.map((s) => {
    const v = st(s.from, s.to);
    return v.length >= 20 ? robustSpread(v) : null;
  });
  return summarise(values, segments, SEGMENT_IDEALS.varietyPitch, robustSpread(st(0, Infinity)));
}

/** Volume variety: standard deviation of intensity (dB) over sounding frames above the noise. */
export function measureVolumeVariety(track: TSpeechTrack, segments: readonly TSegment[]): TVarietyResult {
  const all = framesIn(track.intensity, track.speech).map((i) => track.intensity.values[i] ?? 0);
  // Frames near the silence threshold are mostly onsets and offsets, not loudness choices.
  const floor = quantile(all, 0.99) - 30;
  const db = (from: number, to: number): number[] =>
    framesIn(track.intensity, track.speech, from, to)
      .map((i) => track.intensity.values[i] ?? 0)
      .filter((v) => v > floor);
  const values = segments.map((s) => {
    const v = db(s.from, s.to);
    return v.length >= 20 ? standardDeviation(v) : null;
  });
  return summarise(values, segments, SEGMENT_IDEALS.varietyVolume, standardDeviation(db(0, Infinity)));
}

/** Pace variety: how far each segment's pace departs from the speaker's median pace. */
export function measurePaceVariety(segments: readonly TSegment[]): TVarietyResult {
  const rates = segments.map((s) => (s.speaking >= minSpeaking(s) ? s.syllables / s.speaking : null));
  const known = rates.filter((r): r is number => r !== null);
  const median = quantile(known, 0.5);
  const values = rates.map((r) => (r === null || !(median > 0) ? null : (100 * Math.abs(r - median)) / median));
  const mean = known.reduce((a, b) => a + b, 0) / Math.max(1, known.length);
  const cv = known.length >= 3 && mean > 0 ? (100 * standardDeviation(known)) / mean : 0;
  return summarise(values, segments, SEGMENT_IDEALS.varietyPace, cv);
}
