import type { TInterval } from '../signal/voice-activity.js';
import { dedupeHits } from './keyword-spotting.js';
import type { TKeywordHit } from './transcriber.js';
import type { TTranscribeInput, TTranscriber, TTranscription, TWord } from './transcriber.js';

// Transcribing a recording a window at a time: the live capture's worker transcribes the audio
// received so far in windows cut at pauses, and the analysis then transcribes only what is left
// (analyze's `transcribedPrefix`).

/** A window is at least this long (each recogniser run loads the model again, about 0.3 s). */
export const LIVE_MIN_WINDOW_SECONDS = 5;
/**
 * Without a pause a window is cut here anyway: the longest stretch the speaker's last words can
 * leave untranscribed at stop, so the longest tail the analysis transcribes after it.
 */
export const LIVE_MAX_WINDOW_SECONDS = 30;
/**
 * A cut's pause must end this long before the end of the audio received so far: a pause right at
 * the end may be a word still arriving (the browser sends a second of audio at a time).
 */
export const LIVE_TAIL_GUARD_SECONDS = 2;

/**
 * The next window to transcribe of audio that is still arriving: [until, cut) where `cut` is the
 * middle of the latest pause between speech that ends LIVE_TAIL_GUARD_SECONDS before `end` and
 * leaves a window of LIVE_MIN_WINDOW_SECONDS to LIVE_MAX_WINDOW_SECONDS (forced at the maximum
 * without one). Once the audio is complete, the rest. Null: nothing to do yet.
 */
export function nextLiveWindow(speech: readonly TInterval[], until: number, end: number, complete: boolean): TInterval | null {
  if (complete) return end - until > 0.05 ? { from: until, to: end } : null;
  const latest = Math.min(until + LIVE_MAX_WINDOW_SECONDS, end - LIVE_TAIL_GUARD_SECONDS);
  let cut: number | null = null;
  for (let i = 1; i < speech.length; i++) {
    const gap = { from: (speech[i - 1] as TInterval).to, to: (speech[i] as TInterval).from };
    const mid = (gap.from + gap.to) / 2;
    if (mid >= until + LIVE_MIN_WINDOW_SECONDS && mid <= latest && gap.to <= end - LIVE_TAIL_GUARD_SECONDS) cut = mid;
  }
  if (cut === null && end - LIVE_TAIL_GUARD_SECONDS >= until + LIVE_MAX_WINDOW_SECONDS) cut = until + LIVE_MAX_WINDOW_SECONDS;
  return cut === null ? null : { from: until, to: cut };
}

/**
 * Transcribes [window.from, window.to) of the samples, words and hits in the recording's time.
 * A windowed transcriber (pocketsphinx) is given the whole audio and the window, so its keyword
 * pass hears a margin around the edges; any other gets only the window's samples.
 */
export async function transcribeWindow(
  transcriber: TTranscriber,
  input: TTranscribeInput & { window: TInterval },
): Promise<TTranscription> {
  const { window } = input;
  const keywords = input.keywords ?? [];
  const run = async (i: TTranscribeInput): Promise<TTranscription> =>
    keywords.length && transcriber.transcribeWithKeywords
      ? transcriber.transcribeWithKeywords(i)
      : { words: await transcriber.transcribe(i), keywordHits: [], spotted: [] };
  if (transcriber.windowed) return run(input);
  const a = Math.max(0, Math.floor(window.from * input.sampleRate));
  const b = Math.min(input.samples.length, Math.ceil(window.to * input.sampleRate));
  const speech = input.speech
    .filter((s) => s.to > window.from && s.from < window.to)
    .map((s) => ({ from: Math.max(s.from, window.from) - window.from, to: Math.min(s.to, window.to) - window.from }));
  const { window: _w, ...rest } = input;
  const out = await run({ ...rest, samples: input.samples.subarray(a, b), speech });
  const shift = a / input.sampleRate;
  return {
    words: out.words.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })),
    keywordHits: out.keywordHits.map((h) => ({ ...h, start: h.start + shift, end: h.end + shift })),
    spotted: out.spotted,
  };
}

/** A transcript of [0, until) and one from `until` on, as one (a hit heard by both counts once). */
export function mergeTranscription(
  prefix: { words: readonly TWord[]; keywordHits: readonly TKeywordHit[] },
  tail: { words: readonly TWord[]; keywordHits: readonly TKeywordHit[] },
): { words: TWord[]; keywordHits: TKeywordHit[] } {
  return {
    words: [...prefix.words, ...tail.words].sort((p, q) => p.start - q.start),
    keywordHits: dedupeHits([...prefix.keywordHits, ...tail.keywordHits]),
  };
}

/** Whether two lists name the same word-spotting phrases (case and order aside). */
export function samePhrases(a: readonly string[], b: readonly string[]): boolean {
  const norm = (l: readonly string[]) => [...new Set(l.map((p) => p.trim().toLowerCase()).filter(Boolean))].sort().join('\n');
  return norm(a) === norm(b);
}
