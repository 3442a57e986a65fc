import { availableParallelism } from 'node:os';
import { AnalysisError, throwIfAborted } from '../analysis-error.js';
import { chunkAtPauses } from './chunk-at-pauses.js';
import { runParallel } from './run-parallel.js';
import { FILLER_WORDS, normaliseWord, type TTranscribeInput, type TTranscriber, type TWord } from './transcriber.js';
import { encodeWav } from './wav-file.js';

export interface TWhisperOptions {
  /** Base URL (…/v1 appended path) or the full …/audio/transcriptions URL. Env ASR_URL. */
  url?: string;
  apiKey?: string;
  model?: string;
  language?: string;
  /** Stays under the 25 MB upload limit of OpenAI-style servers (16-bit 16 kHz mono: 13 min). */
  maxChunkSeconds?: number;
  parallel?: number;
}

interface TWhisperWord {
  word: string;
  start: number;
  end: number;
  /** whisper.cpp and faster-whisper send it; OpenAI's own API does not. */
  probability?: number;
}

interface TVerboseJson {
  text?: string;
  words?: TWhisperWord[];
  segments?: {
    text: string;
    start: number;
    end: number;
    avg_logprob?: number;
    no_speech_prob?: number;
    words?: TWhisperWord[];
  }[];
}

/**
 * The prompt Whisper is primed with: hesitations only. Whisper tends to clean fillers out of its
 * transcript, and a prompt written with them keeps them in; it must not hold any other word, or
 * Whisper would write the phrases word spotting counts ("so", "like", "you know") where they were
 * not said.
 */
export const WHISPER_PROMPT = 'Um, uh... er, hmm. Uh, um.';

export function transcriptionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  if (/\/audio\/transcriptions$/.test(trimmed)) return trimmed;
  return /\/v1$/.test(trimmed) ? `${trimmed}/audio/transcriptions` : `${trimmed}/v1/audio/transcriptions`;
}

/**
 * A segment's confidence: the probability of its average token, exp(avg_logprob), times the chance
 * it holds speech at all (1 - no_speech_prob); null when the server sent neither.
 */
function segmentConfidence(s: { avg_logprob?: number; no_speech_prob?: number }): number | null {
  if (s.avg_logprob === undefined && s.no_speech_prob === undefined) return null;
  return Math.exp(Math.min(0, s.avg_logprob ?? 0)) * (1 - Math.min(1, Math.max(0, s.no_speech_prob ?? 0)));
}

/**
 * Turns an OpenAI verbose_json reply into timed words (word timestamps, else spread over the
 * segment). A word's confidence is its own probability where the server sends one, else its
 * segment's confidence, else 1 (unknown). Whisper gives no alternatives.
 */
export function parseVerboseJson(body: TVerboseJson, offset: number): TWord[] {
  const segments = body.segments ?? [];
  const segmentAt = (t: number) => segments.find((s) => t >= s.start && t <= s.end);
  const raw: TWhisperWord[] =
    body.words ??
    segments.flatMap((s) => {
      if (s.words) return s.words;
      const parts = s.text.trim().split(/\s+/).filter(Boolean);
      const step = (s.end - s.start) / Math.max(1, parts.length);
      return parts.map((word, i) => ({ word, start: s.start + i * step, end: s.start + (i + 1) * step }));
    });
  const out: TWord[] = [];
  for (const w of raw) {
    const text = normaliseWord(w.word);
    if (!text) continue;
    const segment = segmentAt((w.start + w.end) / 2);
    const confidence = w.probability ?? (segment ? segmentConfidence(segment) : null) ?? 1;
    out.push({
      text,
      start: offset + w.start,
      end: offset + w.end,
      confidence: Math.min(1, Math.max(0, confidence)),
      isFiller: FILLER_WORDS.has(text),
    });
  }
  return out;
}

/** Any Whisper-compatible HTTP endpoint (POST multipart to /v1/audio/transcriptions). */
export function createWhisperHttpTranscriber(options: TWhisperOptions = {}): TTranscriber {
  const url = options.url ?? process.env.ASR_URL;
  if (!url) throw new AnalysisError('unprocessable', 'ASR_URL is not set for the Whisper transcriber');
  const endpoint = transcriptionsUrl(url);
  const apiKey = options.apiKey ?? process.env.ASR_API_KEY;
  const model = options.model ?? process.env.ASR_MODEL ?? 'whisper-1';
  return {
    name: `whisper-http:${model}`,
    async transcribe(input: TTranscribeInput): Promise<TWord[]> {
      const duration = input.samples.length / input.sampleRate;
      const pieces = chunkAtPauses(duration, input.speech, { maxSeconds: options.maxChunkSeconds ?? 600, parts: 1 });
      let done = 0;
      const tasks = pieces.map((piece) => async (): Promise<TWord[]> => {
        throwIfAborted(input.signal);
        const a = Math.floor(piece.from * input.sampleRate);
        const b = Math.min(input.samples.length, Math.ceil(piece.to * input.sampleRate));
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(encodeWav(input.samples.subarray(a, b), input.sampleRate))], { type: 'audio/wav' }),
          'audio.wav',
        );
        form.append('model', model);
        form.append('response_format', 'verbose_json');
        form.append('timestamp_granularities[]', 'word');
        form.append('timestamp_granularities[]', 'segment');
        if (options.language) form.append('language', options.language);
        form.append('prompt', WHISPER_PROMPT);
        const headers: Record<string, string> = {};
        if (apiKey) headers.authorization = `Bearer ${apiKey}`;
        const response = await fetch(endpoint, { method: 'POST', body: form, headers, signal: input.signal });
        if (!response.ok) throw new AnalysisError('transcriptionUnavailable', `ASR endpoint answered ${response.status}`);
        const body = (await response.json()) as TVerboseJson;
        done++;
        input.onProgress?.(done / pieces.length);
        return parseVerboseJson(body, a / input.sampleRate);
      });
      const parts = await runParallel(tasks, options.parallel ?? availableParallelism());
      return parts.flat().sort((p, q) => p.start - q.start);
    },
  };
}
