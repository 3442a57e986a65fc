import { IDEALS } from '../report/ideals.js';
import { robustSpread, standardDeviation } from '../signal/contour.js';
import { toSemitones } from '../signal/pitch.js';
import { totalDuration } from '../signal/voice-activity.js';
import { bandScore, clamp, round } from './score-bands.js';
import { framesIn, speechSpan, type TSpeechTrack } from './speech-track.js';

export const OPENING_SECONDS = 30;

export interface TOpeningResult {
  /** 0-10, one decimal. */
  strengthOfOpening: number;
  parts: Record<string, number>;
  from: number;
  to: number;
}

/**
 * How captivating the first 30 seconds of talk sound: lively pitch and volume, a pace and
 * pausing in the ideal range, no hesitation fillers, and a prompt start.
 */
export function measureOpening(track: TSpeechTrack): TOpeningResult {
  const span = speechSpan(track);
  if (!span) return { strengthOfOpening: 0, parts: {}, from: 0, to: 0 };
  const from = span.from;
  const to = Math.min(span.to, from + OPENING_SECONDS);
  const speech = track.speech.filter((s) => s.from < to).map((s) => ({ from: s.from, to: Math.min(s.to, to) }));
  const pauses = track.pauses.filter((p) => p.to <= to);
  const talk = totalDuration(speech);
  const syllables = track.nuclei.filter((n) => n.time >= from && n.time < to).length;
  const st = framesIn(track.pitch, speech)
    .map((i) => toSemitones(track.pitch.values[i] ?? 0))
    .filter((v) => Number.isFinite(v));
  const db = framesIn(track.intensity, speech).map((i) => track.intensity.values[i] ?? 0);
  const fillers = track.words.filter((w) => w.isFiller && w.start < to).length;
  const parts = {
    pitchVariety: bandScore(st.length > 20 ? robustSpread(st) : Number.NaN, IDEALS.varietyPitch),
    volumeVariety: bandScore(db.length > 20 ? standardDeviation(db) : Number.NaN, IDEALS.varietyVolume),
    pace: bandScore(talk > 0 ? syllables / talk : 0, IDEALS.pace),
    pausing: bandScore(talk > 0 ? (100 * totalDuration(pauses)) / talk : 0, IDEALS.pauseToTalk),
    noFillers: 1 - clamp(fillers / 3, 0, 1),
    promptStart: 1 - clamp((from - 3) / 7, 0, 1),
  };
  const weights = { pitchVariety: 0.3, volumeVariety: 0.15, pace: 0.2, pausing: 0.15, noFillers: 0.1, promptStart: 0.1 };
  let score = 0;
  for (const [k, w] of Object.entries(weights)) score += w * (parts[k as keyof typeof parts] ?? 0);
  return { strengthOfOpening: round(10 * score, 1), parts, from, to };
}
