import type { TLanes, TResults, TSpeakerCount } from '@rostrum/contract';
import { AnalysisError, throwIfAborted } from './analysis-error.js';
import { createPocketsphinxTranscriber } from './asr/pocketsphinx.transcriber.js';
import type { TKeywordHit } from './asr/transcriber.js';
import type { TTranscriber, TWord } from './asr/transcriber.js';
import { mergeTranscription, samePhrases, transcribeWindow } from './asr/transcribe-window.js';
import { createWhisperHttpTranscriber, type TWhisperOptions } from './asr/whisper-http.transcriber.js';
import { diarizeByChannels, diarizeByClustering, MAX_SPEAKERS, type TDiarization } from './conversation/diarize.js';
import { buildTurns, measureConversation } from './conversation/turn-metrics.js';
import { decodePcm } from './decode/decode-pcm.js';
import { probe, type TProbe } from './decode/probe.js';
import { scoreSpeaker } from './metrics/score-speaker.js';
import { trackFor } from './metrics/speech-track.js';
import { buildResults, type TSpeakerReport } from './report/build-results.js';
import { buildLanes } from './report/lanes.js';
import { detectAcousticFillers } from './fillers/acoustic-fillers.js';
import { fuseFillers } from './fillers/fuse-fillers.js';
import { computeIntensity } from './signal/intensity.js';
import { analyzeProsody } from './signal/prosody.js';
import { totalDuration, type TInterval } from './signal/voice-activity.js';

export const MIN_DURATION_SECONDS = 5;
export const NO_SPEECH_SECONDS = 30;
/** Less voiced speech than this in the whole recording counts as none. */
export const MIN_SPEECH_SECONDS = 0.5;

/**
 * The spec's "Extended Silence Detected in Recording" rule. A recording of 30 s or more with no
 * speech at all, or whose speech first starts 30 s or later, fails with "No speech detected for
 * 30s."; a shorter recording without speech fails with "Recording contains no data.".
 * Returns null when the recording has usable speech.
 */
export function noSpeechFailure(duration: number, speech: readonly TInterval[] | null, detail?: string): AnalysisError | null {
  const total = speech ? totalDuration(speech) : 0;
  if (!speech || total < MIN_SPEECH_SECONDS) {
    return duration >= NO_SPEECH_SECONDS
      ? new AnalysisError('noSpeech', detail ?? 'no voiced speech')
      : new AnalysisError('noData', detail ?? 'no voiced speech');
  }
  const onset = speech[0]?.from ?? 0;
  return onset >= NO_SPEECH_SECONDS ? new AnalysisError('noSpeech', `speech starts at ${onset.toFixed(1)} s`) : null;
}

export type TAnalysisStage = 'probe' | 'decode' | 'prosody' | 'transcription' | 'diarization' | 'metrics' | 'done';

export interface TWordSpottingLists {
  org?: readonly string[];
  group?: readonly string[];
  user?: readonly string[];
  assignment?: readonly string[];
}

export interface TAnalyzeOptions {
  /** 'default' | 'conversational', or an org algorithm name containing one of them. */
  algorithm?: string;
  /** Phrases to count besides "uh/um" (which is always first). */
  wordSpotting?: readonly string[] | TWordSpottingLists;
  /** 'pocketsphinx' (default, offline), 'whisper' (HTTP, env ASR_URL...), 'none', or your own. */
  transcriber?: 'pocketsphinx' | 'whisper' | 'none' | TTranscriber;
  whisper?: TWhisperOptions;
  /** Speaker count hint for conversational recordings (1-5). */
  numSpeakers?: number;
  /** speakerNum of the recording's owner (1-based); their scores lead the Results. */
  speakerNum?: number;
  /**
   * The start of the recording, transcribed already (a live capture's worker did it while it was
   * recorded): only [until, end) is transcribed and the two are merged. Used only when `keywords`
   * are the phrases this analysis counts; otherwise everything is transcribed again. A promise is
   * awaited only when the transcription starts, so decoding and prosody go on meanwhile (the live
   * transcription's last window is usually still running when the analysis starts).
   */
  transcribedPrefix?: TTranscribedPrefix | Promise<TTranscribedPrefix | undefined>;
  /** Called once with the decoded mono samples (the mix of a conversation's channels), e.g. for waveform peaks. */
  onDecoded?: (pcm: { samples: Float32Array; sampleRate: number }) => void;
  /** What probe() said of this very file, when the caller has it: reading a long WebM's length takes a second. */
  probed?: TProbe;
  signal?: AbortSignal;
  onProgress?: (progress: { stage: TAnalysisStage; fraction: number }) => void;
}

export interface TTranscribedPrefix {
  /** Seconds: the audio before this is transcribed. */
  until: number;
  words: TWord[];
  keywordHits: TKeywordHit[];
  /** The word-spotting phrases its keyword hits listened for. */
  keywords: readonly string[];
}

export interface TAnalysisTimings {
  probe: number;
  decode: number;
  prosody: number;
  /** Of `transcription`: waiting for a transcribed prefix given as a promise. */
  prefixWait: number;
  transcription: number;
  metrics: number;
  total: number;
}

/** Which of the spec's two algorithms a (possibly org-specific) algorithm name selects. */
export function isConversationalAlgorithm(algorithm: string | undefined): boolean {
  return (algorithm ?? 'default').toLowerCase().includes('conversational');
}

export function wordSpottingPhrases(lists: TAnalyzeOptions['wordSpotting']): string[] {
  if (!lists) return [];
  const all = Array.isArray(lists)
    ? lists
    : [
        ...((lists as TWordSpottingLists).org ?? []),
        ...((lists as TWordSpottingLists).group ?? []),
        ...((lists as TWordSpottingLists).user ?? []),
        ...((lists as TWordSpottingLists).assignment ?? []),
      ];
  const seen = new Set<string>();
  return (all as string[]).map((p) => p.trim()).filter((p) => p && !seen.has(p.toLowerCase()) && seen.add(p.toLowerCase()));
}

export function resolveTranscriber(options: TAnalyzeOptions): TTranscriber | null {
  const choice = options.transcriber ?? (process.env.ASR_URL ? 'whisper' : 'pocketsphinx');
  if (choice === 'none') return null;
  if (choice === 'pocketsphinx') return createPocketsphinxTranscriber();
  if (choice === 'whisper') return createWhisperHttpTranscriber(options.whisper);
  return choice;
}

/** analyze() plus how long each stage took, for the benchmark and logs. */
export async function analyzeWithTimings(
  file: string,
  options: TAnalyzeOptions = {},
): Promise<{ results: TResults; lanes: TLanes; timings: TAnalysisTimings; probe: TProbe }> {
  const t0 = performance.now();
  const timings: TAnalysisTimings = { probe: 0, decode: 0, prosody: 0, prefixWait: 0, transcription: 0, metrics: 0, total: 0 };
  const progress = (stage: TAnalysisStage, fraction: number): void => options.onProgress?.({ stage, fraction });
  const { signal } = options;
  const algorithm = options.algorithm ?? 'default';
  const conversational = isConversationalAlgorithm(algorithm);

  progress('probe', 0);
  const facts = options.probed ?? (await probe(file, signal));
  timings.probe = performance.now() - t0;
  if (!facts.hasAudio) throw new AnalysisError('noData', 'no audio stream');
  if (facts.duration > 0 && facts.duration < MIN_DURATION_SECONDS) throw new AnalysisError('tooShort');
  throwIfAborted(signal);

  progress('decode', 0);
  let t = performance.now();
  const split = conversational && facts.channels >= 2 && facts.channels <= MAX_SPEAKERS ? facts.channels : 1;
  const pcm = await decodePcm(file, { durationHint: facts.duration, splitChannels: split, signal });
  timings.decode = performance.now() - t;
  const sampleRate = pcm.sampleRate;
  const samples = split > 1 ? mixDown(pcm.channels) : (pcm.channels[0] as Float32Array);
  const duration = samples.length / sampleRate;
  if (samples.length === 0) throw new AnalysisError('noData');
  options.onDecoded?.({ samples, sampleRate });
  if (duration < MIN_DURATION_SECONDS) throw new AnalysisError('tooShort');
  if (isAllZero(samples)) throw noSpeechFailure(duration, null, 'only digital silence') as AnalysisError;
  throwIfAborted(signal);

  progress('prosody', 0);
  t = performance.now();
  const prosody = analyzeProsody(samples, sampleRate);
  timings.prosody = performance.now() - t;
  const silence = noSpeechFailure(duration, prosody.activity.speech);
  if (silence) throw silence;
  throwIfAborted(signal);

  progress('transcription', 0);
  t = performance.now();
  const phrases = wordSpottingPhrases(options.wordSpotting);
  const transcriber = resolveTranscriber(options);
  let words: TWord[] = [];
  let keywordHits: TKeywordHit[] = [];
  const waitedFrom = performance.now();
  const prefix = usablePrefix(await options.transcribedPrefix, phrases, duration);
  timings.prefixWait = performance.now() - waitedFrom;
  if (transcriber) {
    const input = {
      samples,
      sampleRate,
      speech: prosody.activity.speech,
      keywords: phrases,
      signal,
      onProgress: (f: number) => progress('transcription', f),
    };
    if (prefix) {
      const tail =
        prefix.until < duration - 0.05
          ? await transcribeWindow(transcriber, { ...input, window: { from: prefix.until, to: duration } })
          : { words: [], keywordHits: [] };
      ({ words, keywordHits } = mergeTranscription(prefix, tail));
    } else if (phrases.length > 0 && transcriber.transcribeWithKeywords)
      ({ words, keywordHits } = await transcriber.transcribeWithKeywords(input));
    else words = await transcriber.transcribe(input);
  }
  // Fillers are heard as well as read: the detector's hesitations replace the recogniser's
  // guesses for them, and this one list of filler items feeds every count and mark after it.
  words = fuseFillers(
    words,
    detectAcousticFillers({
      samples,
      sampleRate,
      pitch: prosody.pitch,
      intensity: prosody.intensity,
      speechThreshold: prosody.activity.threshold,
    }),
  ).words;
  timings.transcription = performance.now() - t;
  throwIfAborted(signal);

  t = performance.now();
  let diarization: TDiarization;
  if (!conversational)
    diarization = { method: 'single', numSpeakers: 1, segments: prosody.activity.speech.map((s) => ({ ...s, speaker: 1 })) };
  else {
    progress('diarization', 0);
    diarization =
      split > 1 && channelsDiffer(pcm.channels)
        ? diarizeByChannels(
            pcm.channels.map((c) => computeIntensity(c, sampleRate)),
            prosody.activity.speech,
          )
        : diarizeByClustering(samples, sampleRate, prosody.activity.speech, options.numSpeakers, prosody.pitch);
  }
  progress('metrics', 0);
  // One voice found in a conversation is scored as a talk: the single-speaker scores, and no
  // talk-versus-listen, switches or wait time about a second person who is not there.
  const scoredAsConversation = conversational && diarization.numSpeakers > 1;
  const speakerIds = [...new Set(diarization.segments.map((s) => s.speaker))].sort((a, b) => a - b).slice(0, MAX_SPEAKERS);
  const turns = buildTurns(diarization.segments);
  const labelled = words.map((w) => ({ ...w, speaker: speakerAt(diarization, (w.start + w.end) / 2) }));
  const labelledHits = keywordHits.map((h) => ({ ...h, speaker: speakerAt(diarization, (h.start + h.end) / 2) }));
  const reports: TSpeakerReport[] = speakerIds.map((speaker) => {
    const speech = diarization.segments.filter((s) => s.speaker === speaker).map(({ from, to }) => ({ from, to }));
    const track = trackFor(
      prosody,
      speech,
      labelled.filter((w) => w.speaker === speaker),
      scoredAsConversation,
    );
    track.transcribed = transcriber !== null;
    track.keywordHits = labelledHits
      .filter((h) => h.speaker === speaker)
      .map(({ phrase, start, end, confidence }) => ({ phrase, start, end, confidence }));
    return {
      speaker,
      analysis: scoreSpeaker(track, phrases),
      turns: turns.filter((x) => x.speaker === speaker).map(({ from, to }) => ({ from, to })),
      conversation: scoredAsConversation
        ? measureConversation(speaker, diarization.segments, turns, prosody.pitch, prosody.intensity, labelled)
        : null,
    };
  });
  const ownerIndex = Math.max(0, speakerIds.indexOf(options.speakerNum ?? 1));
  const results = buildResults({
    algorithm,
    isConversational: scoredAsConversation,
    speakerCount: conversational ? speakerCountOf(diarization, options.numSpeakers) : undefined,
    duration,
    ownerIndex,
    speakers: reports,
    words: labelled,
    transcriber: transcriber?.name ?? 'none',
  });
  const lanes = buildLanes(prosody, reports);
  timings.metrics = performance.now() - t;
  timings.total = performance.now() - t0;
  progress('done', 1);
  return { results, lanes, timings, probe: facts };
}

/** The engine's entry point for the server's worker: a file path in, the spec's Results out. */
export async function analyze(file: string, options: TAnalyzeOptions = {}): Promise<TResults> {
  return (await analyzeWithTimings(file, options)).results;
}

/** The prefix, cut to the decoded audio, when it listened for the same phrases; else null. */
function usablePrefix(prefix: TTranscribedPrefix | undefined, phrases: readonly string[], duration: number): TTranscribedPrefix | null {
  if (!prefix || prefix.until <= 0 || !samePhrases(prefix.keywords, phrases)) return null;
  const until = Math.min(prefix.until, duration);
  return {
    until,
    words: prefix.words.filter((w) => w.start < until),
    keywordHits: prefix.keywordHits.filter((h) => (h.start + h.end) / 2 < until),
    keywords: prefix.keywords,
  };
}

/** What the Results say of the voices found, and whether the count is the hint's or measured. */
export function speakerCountOf(d: TDiarization, hint: number | undefined): TSpeakerCount {
  const given = hint && hint >= 1 ? Math.min(MAX_SPEAKERS, Math.round(hint)) : null;
  return {
    found: d.numSpeakers,
    source: d.method === 'channels' ? 'channels' : given && given > 1 && d.numSpeakers === given ? 'hint' : 'measured',
    hint: given,
    deltaBicPerFrame: d.voiceTest ? Math.round(d.voiceTest.deltaBicPerFrame * 1000) / 1000 : null,
  };
}

function speakerAt(d: TDiarization, time: number): number {
  let best = d.segments[0]?.speaker ?? 1;
  let bestDistance = Infinity;
  for (const s of d.segments) {
    const distance = time < s.from ? s.from - time : time > s.to ? time - s.to : 0;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = s.speaker;
    }
  }
  return best;
}

function mixDown(channels: Float32Array[]): Float32Array {
  const n = channels[0]?.length ?? 0;
  const out = new Float32Array(n);
  for (const c of channels) for (let i = 0; i < n; i++) out[i] = (out[i] as number) + (c[i] as number) / channels.length;
  return out;
}

function isAllZero(x: Float32Array): boolean {
  for (let i = 0; i < x.length; i++) if (x[i] !== 0) return false;
  return true;
}

/** True when channels carry different voices rather than copies of one mix. */
function channelsDiffer(channels: Float32Array[]): boolean {
  const [a, b] = channels;
  if (!a || !b) return false;
  let diff = 0;
  let energy = 0;
  for (let i = 0; i < a.length; i += 7) {
    diff += ((a[i] as number) - (b[i] as number)) ** 2;
    energy += (a[i] as number) ** 2 + (b[i] as number) ** 2;
  }
  return energy > 0 && diff / energy > 0.1;
}
