// Public API of the analysis engine: what the server's worker and the CLI call.
export {
  analyze,
  analyzeWithTimings,
  isConversationalAlgorithm,
  wordSpottingPhrases,
  MIN_DURATION_SECONDS,
  NO_SPEECH_SECONDS,
  noSpeechFailure,
  type TAnalyzeOptions,
  type TAnalysisStage,
  type TAnalysisTimings,
  type TWordSpottingLists,
  type TTranscribedPrefix,
} from './analyze.js';
export {
  LIVE_MAX_WINDOW_SECONDS,
  LIVE_MIN_WINDOW_SECONDS,
  LIVE_TAIL_GUARD_SECONDS,
  mergeTranscription,
  nextLiveWindow,
  transcribeWindow,
} from './asr/transcribe-window.js';
export { detectVoiceActivity, type TInterval } from './signal/voice-activity.js';
export { computeIntensity } from './signal/intensity.js';
export { AnalysisError, FAILED_REASONS, type TFailedCode } from './analysis-error.js';
export { probe, type TProbe } from './decode/probe.js';
export { ALLOWED_DEMUXERS, isAllowedFormat, MEDIA_INPUT_ARGS } from './decode/media-formats.js';
export { decodePcm, SAMPLE_RATE, type TPcm } from './decode/decode-pcm.js';
export { computeChannelPeaks, computePeaks, type TPeaks } from './decode/peaks.js';
export { analyzeProsody, type TProsody } from './signal/prosody.js';
export type { TKeywordHit, TTranscriber, TTranscription, TWord, TTranscribeInput } from './asr/transcriber.js';
export { planKeywordSpotting, type TKeywordPlan } from './asr/keyword-spotting.js';
export { createPocketsphinxTranscriber, type TPocketsphinxOptions } from './asr/pocketsphinx.transcriber.js';
export { createWhisperHttpTranscriber, type TWhisperOptions } from './asr/whisper-http.transcriber.js';
export { VIBE_WEIGHTS, FEATURE_LABELS } from './metrics/vibes.model.js';
export { IDEALS } from './report/ideals.js';
