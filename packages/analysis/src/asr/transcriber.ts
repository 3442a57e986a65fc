import type { TInterval } from '../signal/voice-activity.js';

export interface TWord {
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** 0..1; posterior from pocketsphinx, probability from Whisper-style servers, 1 when unknown. */
  confidence: number;
  isFiller: boolean;
}

export interface TTranscribeInput {
  samples: Float32Array;
  sampleRate: number;
  /** Sounding stretches from voice activity, used to cut long audio at pauses. */
  speech: readonly TInterval[];
  /** Phrases to listen for (word spotting), beyond the default fillers. */
  keywords?: readonly string[];
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** One interface for every recogniser, so analyze() does not care which one runs. */
export interface TTranscriber {
  readonly name: string;
  transcribe(input: TTranscribeInput): Promise<TWord[]>;
}

/** Hesitation sounds counted under "uh/um" (pocketsphinx writes some of them as "ah"). */
export const FILLER_WORDS = new Set(['uh', 'um', 'uhm', 'umm', 'ah', 'er', 'erm', 'hmm', 'mm']);

export function normaliseWord(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\(\d+\)$/, '')
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}
