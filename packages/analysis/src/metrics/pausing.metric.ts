import type { TSpan } from '@rostrum/contract';
import { IDEALS } from '../report/ideals.js';
import { totalDuration } from '../signal/voice-activity.js';
import { round, spreadFor } from './score-bands.js';
import { overlap, type TSpeechTrack } from './speech-track.js';
import { minSpeaking, type TSegment } from './segments.js';

export interface TPausingResult {
  /** Silent pause time (pauses of 250 ms or more) over speaking time, %. */
  pauseToTalk: number;
  pauseCount: number;
  longPauses: number;
  meanPause: number;
  segments: TSpan[];
  hotSpots: TSpan[];
}

const LONG_PAUSE = 2;
const RUN_WITHOUT_PAUSE = 20;

export function measurePausing(track: TSpeechTrack, segments: readonly TSegment[]): TPausingResult {
  const talk = totalDuration(track.speech);
  const paused = totalDuration(track.pauses);
  const spans: TSpan[] = [];
  for (const s of segments) {
    if (s.speaking < minSpeaking(s)) continue;
    const p = overlap(track.pauses, s.from, s.to);
    spans.push({ from: s.from, to: s.to, spread: spreadFor((100 * p) / s.speaking, IDEALS.pauseToTalk) });
  }
  // Hot spots: pauses long enough to lose the room, and long runs with no breath pause.
  const hotSpots: TSpan[] = track.pauses
    .filter((p) => p.to - p.from >= LONG_PAUSE)
    .map((p) => ({ from: p.from, to: p.to, spread: round(p.to - p.from, 1) }));
  for (const s of track.speech) {
    if (s.to - s.from >= RUN_WITHOUT_PAUSE) hotSpots.push({ from: s.from, to: s.to, spread: -round(s.to - s.from, 1) });
  }
  hotSpots.sort((a, b) => a.from - b.from);
  return {
    pauseToTalk: talk > 0 ? round((100 * paused) / talk, 1) : 0,
    pauseCount: track.pauses.length,
    longPauses: track.pauses.filter((p) => p.to - p.from >= LONG_PAUSE).length,
    meanPause: track.pauses.length ? round(paused / track.pauses.length, 2) : 0,
    segments: spans,
    hotSpots,
  };
}
