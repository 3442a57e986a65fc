import type { TSpan } from '@rostrum/contract';
import { IDEALS } from '../report/ideals.js';
import { totalDuration } from '../signal/voice-activity.js';
import { mergeSpans, round, spreadFor } from './score-bands.js';
import type { TSpeechTrack } from './speech-track.js';
import { minSpeaking, type TSegment } from './segments.js';

export interface TPaceResult {
  /** Syllables per second of speaking time (pauses of 250 ms or more left out). */
  pace: number;
  syllables: number;
  wordsPerMinute: number | null;
  segments: TSpan[];
  hotSpots: TSpan[];
}

/** Articulation rate from syllable nuclei; words per minute over the talk span when words exist. */
export function measurePace(track: TSpeechTrack, segments: readonly TSegment[]): TPaceResult {
  const speaking = totalDuration(track.speech);
  const syllables = track.nuclei.length;
  const pace = speaking > 0 ? syllables / speaking : 0;
  const words = track.words.filter((w) => !w.isFiller);
  const wordsPerMinute = words.length > 0 && speaking > 0 ? round((words.length / (speaking + totalDuration(track.pauses))) * 60, 0) : null;
  const spans: TSpan[] = [];
  for (const s of segments) {
    if (s.speaking < minSpeaking(s)) continue;
    spans.push({ from: s.from, to: s.to, spread: spreadFor(s.syllables / s.speaking, IDEALS.pace) });
  }
  const hotSpots = mergeSpans(spans.filter((s) => Math.abs(s.spread) > 2));
  return { pace: round(pace, 2), syllables, wordsPerMinute, segments: spans, hotSpots };
}
