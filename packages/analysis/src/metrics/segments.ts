import { VARIETY_SEGMENTS } from '@rostrum/contract';
import { overlap, speechSpan, type TSpeechTrack } from './speech-track.js';

export interface TSegment {
  from: number;
  to: number;
  speaking: number;
  syllables: number;
}

/** The 20 equal slices of the talk span that the variety charts and segment tracks use. */
export function splitSegments(track: TSpeechTrack, count = VARIETY_SEGMENTS): TSegment[] {
  const span = speechSpan(track);
  if (!span) return [];
  const width = (span.to - span.from) / count;
  const out: TSegment[] = [];
  for (let k = 0; k < count; k++) {
    const from = span.from + k * width;
    const to = k === count - 1 ? span.to : from + width;
    const syllables = track.nuclei.filter((n) => n.time >= from && n.time < (k === count - 1 ? to + 1e-9 : to)).length;
    out.push({ from: round3(from), to: round3(to), speaking: overlap(track.speech, from, to), syllables });
  }
  return out;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** A segment's rate means something with a second of speech, or half the segment when short. */
export function minSpeaking(s: TSegment): number {
  return Math.min(1, 0.5 * (s.to - s.from));
}
