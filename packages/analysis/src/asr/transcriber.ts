import type { TInterval } from '../signal/voice-activity.js';

/** One detection of a word-spotting phrase by the keyword-spotting pass. */
export interface TKeywordHit {
  /** The phrase as given in the word-spotting list (the key of `wordSpotting`). */
  phrase: string;
  start: number;
  end: number;
  confidence: number;
  /** The pronunciation the keyword pass matched (ARPAbet, space separated). */
  phones?: string;
}

export interface TWord {
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** 0..1; posterior from pocketsphinx, probability from Whisper-style servers, 1 when unknown. */
  confidence: number;
  isFiller: boolean;
  /** Other words the recogniser heard here, most likely first (pocketsphinx's lattice; none from Whisper). */
  alternatives?: { text: string; confidence: number }[];
}

export interface TTranscribeInput {
  samples: Float32Array;
  sampleRate: number;
  /** Sounding stretches from voice activity, used to cut long audio at pauses. */
  speech: readonly TInterval[];
  /** Phrases to listen for (word spotting), beyond the default fillers. */
  keywords?: readonly string[];
  /**
   * Transcribe only this stretch of `samples` (seconds; times stay the recording's). Only for a
   * transcriber with `windowed`; use transcribeWindow(), which slices the samples for the others.
   */
  window?: TInterval;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** A transcript plus the hits of a dedicated keyword-spotting pass (when the recogniser has one). */
export interface TTranscription {
  words: TWord[];
  keywordHits: TKeywordHit[];
  /** Word-spotting phrases the keyword pass listened for; the others are counted from the transcript only. */
  spotted: string[];
}

/** One interface for every recogniser, so analyze() does not care which one runs. */
export interface TTranscriber {
  readonly name: string;
  /** Honours `input.window`, hearing the audio around it where that helps (the keyword pass's margin). */
  readonly windowed?: boolean;
  transcribe(input: TTranscribeInput): Promise<TWord[]>;
  /** Optional: the transcript and an acoustic keyword pass for `input.keywords` in one go. */
  transcribeWithKeywords?(input: TTranscribeInput): Promise<TTranscription>;
}

/** Hesitation sounds counted under "uh/um" (pocketsphinx writes some of them as "ah") and word
 * normalisation live in the contract, so the web marks the words the analysis counted. */
export { FILLER_WORDS, normaliseWord } from '@rostrum/contract';
