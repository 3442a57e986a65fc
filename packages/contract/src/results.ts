import { z } from 'zod';
import { NEGATIVE_VIBES, POSITIVE_VIBES } from './constants.js';

// The Results of one analysed recording (spec 001 section 3, 002 section 3).
// Shared by the analysis engine (producer), the server (storage) and the web app (dials, gauges, charts).

export const METRIC_KEYS = [
  'overall',
  'strengthOfOpening',
  'clarity',
  'convoSwitches',
  'pace',
  'pauseToTalk',
  'talkVsListen',
  'upspeak',
  'questions',
  'waitTime',
  'wordSpotting',
  'varietyVolume',
  'varietyPace',
  'varietyPitch',
  'positiveVibes',
  'negativeVibes',
] as const;
export const ZMetricKeySchema = z.enum(METRIC_KEYS);
export type TMetricKey = z.infer<typeof ZMetricKeySchema>;

export const VIBES = [...POSITIVE_VIBES, ...NEGATIVE_VIBES] as const;
export const ZVibeSchema = z.enum(VIBES);
export type TVibe = z.infer<typeof ZVibeSchema>;

/** Shown with Vocal Delivery (spec 001's name) on the results page, in print and in emails: the landing
 * page's name for the same number (spec 000). */
export const VIBE_SCORE_CAPTION = 'your Vibe score';

/** Summary titles in the order the results page lists them (spec 001 section 9). */
export const METRIC_TITLES: Record<TMetricKey, string> = {
  overall: 'Vocal Delivery',
  strengthOfOpening: 'Strength of Opening',
  clarity: 'Clarity',
  convoSwitches: 'Meaningful Conversation Switches',
  pace: 'Pace',
  pauseToTalk: 'Pausing',
  talkVsListen: 'Talking versus Listening',
  upspeak: 'Upspeak',
  questions: 'Number of Questions',
  waitTime: 'Wait Time',
  wordSpotting: 'Word Spotting',
  varietyVolume: 'Variety of Volume',
  varietyPace: 'Variety of Pace',
  varietyPitch: 'Variety of Pitch',
  positiveVibes: 'Positive Vibes',
  negativeVibes: 'Negative Vibes',
};
export const SINGLE_SPEAKER_SUMMARY: readonly TMetricKey[] = [
  'overall',
  'strengthOfOpening',
  'clarity',
  'pace',
  'pauseToTalk',
  'upspeak',
  'varietyVolume',
  'varietyPace',
  'varietyPitch',
  'wordSpotting',
  'positiveVibes',
  'negativeVibes',
];
export const CONVERSATIONAL_SUMMARY: readonly TMetricKey[] = [
  'strengthOfOpening',
  'pace',
  'clarity',
  'talkVsListen',
  'convoSwitches',
  'questions',
  'wordSpotting',
  'positiveVibes',
  'negativeVibes',
];

/** The speakers of a conversation as the results page names them (001 section 2: labels ONE to FIVE). */
export const SPEAKER_NAMES = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/** Variety charts: 20 segments; a bar's score is 4 plus its spread, clamped to 0-8. */
export const VARIETY_SEGMENTS = 20;
export const DEFAULT_WORD_SPOTTING = ['uh/um'] as const;

export const ZIdealSchema = z.object({
  min: z.number(),
  max: z.number(),
  idealMin: z.number(),
  idealMax: z.number(),
});
export type TIdeal = z.infer<typeof ZIdealSchema>;

export const ZVarietySchema = z.object({
  /** Shares of the 20 segments, in percent. */
  inBand: z.number(),
  belowBand: z.number(),
  aboveBand: z.number(),
  /** Overall variability in the metric's natural unit (see docs/analysis/scores-and-vibe-model.md). */
  value: z.number(),
});
export type TVariety = z.infer<typeof ZVarietySchema>;

/** A 0-10 score for every vibe word (an object with each key, so OpenAPI lists them as properties). */
const ZVibeScoresSchema = z.strictObject(
  Object.fromEntries(VIBES.map((v) => [v, z.number().min(0).max(10)])) as Record<TVibe, z.ZodNumber>,
);

export const ZSpeakerScoresSchema = z.object({
  overall: z.number().nullable(),
  strengthOfOpening: z.number().nullable(),
  clarity: z.number().nullable(),
  pace: z.number().nullable(),
  pauseToTalk: z.number().nullable(),
  upspeak: z.number().nullable(),
  reading: z.number().nullable(),
  varietyVolume: ZVarietySchema.nullable(),
  varietyPace: ZVarietySchema.nullable(),
  varietyPitch: ZVarietySchema.nullable(),
  talkVsListen: z.number().nullable(),
  convoSwitches: z.number().nullable(),
  questions: z.number().nullable(),
  waitTime: z.number().nullable(),
  wordSpotting: z.record(z.string(), z.number().int().min(0)),
  vibes: ZVibeScoresSchema,
  isEmptyResults: z.boolean(),
});
export type TSpeakerScores = z.infer<typeof ZSpeakerScoresSchema>;

export const ZScoresSchema = ZSpeakerScoresSchema.extend({
  perSpeaker: z.array(ZSpeakerScoresSchema.extend({ speaker: z.number().int().min(1).max(5) })).nullable(),
});
export type TScores = z.infer<typeof ZScoresSchema>;

export const ZSpanSchema = z.object({
  from: z.number().min(0),
  to: z.number().min(0),
  /** Signed distance from the ideal band: 0 in band, negative below, positive above. */
  spread: z.number(),
  /** What the span is of, where a metric has several things (word spotting: the phrase). */
  label: z.string().optional(),
});
export type TSpan = z.infer<typeof ZSpanSchema>;

export const ZMetricTimestampsSchema = z.object({
  hotSpots: z.array(ZSpanSchema),
  segments: z.array(ZSpanSchema),
});
export type TMetricTimestamps = z.infer<typeof ZMetricTimestampsSchema>;

export const ZTimestampedSchema = z.object({
  metrics: z.partialRecord(ZMetricKeySchema, ZMetricTimestampsSchema),
  /** Moments that drove each vibe (for example the monotone stretches behind "boring"). */
  vibes: z.partialRecord(ZVibeSchema, z.array(ZSpanSchema)),
});
export type TTimestamped = z.infer<typeof ZTimestampedSchema>;

export const ZTipsSchema = z.object({
  main: z.object({
    /** Metric keys to work on first; may include 'fillerWords'. */
    workOn: z.array(z.union([ZMetricKeySchema, z.literal('fillerWords')])),
    tips: z.array(z.string()),
  }),
  byMetric: z.partialRecord(ZMetricKeySchema, z.array(z.string())),
});
export type TTips = z.infer<typeof ZTipsSchema>;

export const ZTranscriptItemSchema = z.object({
  speaker: z.number().int().min(1),
  text: z.string(),
  start: z.number().min(0),
  end: z.number().min(0),
  confidence: z.number().min(0).max(1),
  type: z.enum(['word', 'filler', 'punctuation']),
  isPunctuation: z.boolean(),
  alternatives: z.array(z.object({ text: z.string(), confidence: z.number() })),
});
export type TTranscriptItem = z.infer<typeof ZTranscriptItemSchema>;

export const ZVibeContributionSchema = z.object({
  feature: z.string(),
  label: z.string(),
  /** Normalised feature value, -1 to 1. */
  value: z.number(),
  weight: z.number(),
  /** weight x value: points this feature added to (or took from) the vibe. */
  points: z.number(),
});
export const ZVibeExplanationSchema = z.object({
  score: z.number(),
  base: z.number(),
  contributions: z.array(ZVibeContributionSchema),
});
export type TVibeExplanation = z.infer<typeof ZVibeExplanationSchema>;

export const ZResultsDataSchema = z.object({
  duration: z.number(),
  speechDuration: z.number(),
  syllables: z.number().int(),
  wordsPerMinute: z.number().nullable(),
  transcriber: z.string(),
  transcript: z.string(),
  /** Measured features behind the scores, by name (units in docs/analysis/scores-and-vibe-model.md). */
  features: z.record(z.string(), z.number()),
  vibes: z.partialRecord(ZVibeSchema, ZVibeExplanationSchema),
  speakers: z.array(
    z.object({
      speaker: z.number().int(),
      talkSeconds: z.number(),
      turns: z.array(z.object({ from: z.number(), to: z.number() })),
    }),
  ),
  /**
   * Honest words (docs/analysis/transcription-and-word-confidence.md, "Word confidence"): how many of the owner's words the recogniser
   * was unsure of (confidence below `threshold`), and how many of each word-spotting phrase's counted
   * utterances rest on such words. Absent from results made before it.
   */
  wordConfidence: z
    .object({
      threshold: z.number(),
      words: z.number().int().min(0),
      uncertain: z.number().int().min(0),
      mostlyUncertain: z.boolean(),
      wordSpotting: z.record(z.string(), z.number().int().min(0)),
    })
    .optional(),
  labels: z.object({
    pace: z.enum(['Too slow', 'Ideal', 'Too fast']).nullable(),
    pauseToTalk: z.enum(['Too little', 'Ideal', 'Too much']).nullable(),
    upspeak: z.enum(['None', 'Some', 'Too much']).nullable(),
    reading: z.enum(['Yes', 'No']).nullable(),
  }),
});
export type TResultsData = z.infer<typeof ZResultsDataSchema>;

/**
 * How many voices a recording made with the conversational algorithm holds, and how that was
 * decided. The speaker count it came with (Multi-Speaker: 2) is a hint; the analysis measures.
 */
export const ZSpeakerCountSchema = z.object({
  /** Voices found: numSpeakers. One voice is scored as a talk (isConversational false). */
  found: z.number().int().min(1).max(5),
  /**
   * 'measured': the voice test (ΔBIC per frame, docs/analysis/diarization.md "Diarization") decided the count;
   * 'hint': the test found several voices and the hint said how many; 'channels': one voice per channel.
   */
  source: z.enum(['measured', 'hint', 'channels']),
  /** The speaker count the recording came with, when it had one. */
  hint: z.number().int().min(1).max(5).nullable(),
  /** The voice test's statistic for the last two voices it weighed (nats per frame); null when not run. */
  deltaBicPerFrame: z.number().nullable(),
});
export type TSpeakerCount = z.infer<typeof ZSpeakerCountSchema>;

/** What the results page says was found (docs/decisions/analysis-pipeline.md, "Speaker count"). */
export function speakerCountText(c: TSpeakerCount): string {
  if (c.found === 1) return 'One voice found, scored as a talk.';
  return c.source === 'channels' ? `${c.found} speakers found, one per channel.` : `${c.found} speakers found.`;
}

export const ZResultsSchema = z.object({
  isConversational: z.boolean(),
  algorithm: z.string(),
  numSpeakers: z.number().int().min(1).max(5),
  /** Present for the conversational algorithm (absent in results stored before it was measured). */
  speakerCount: ZSpeakerCountSchema.optional(),
  scores: ZScoresSchema,
  tips: ZTipsSchema,
  timestamped: ZTimestampedSchema,
  ideals: z.partialRecord(ZMetricKeySchema, ZIdealSchema),
  diarizedTranscript: z.array(ZTranscriptItemSchema),
  data: ZResultsDataSchema,
});
export type TResults = z.infer<typeof ZResultsSchema>;

export type TBand = 'low' | 'ideal' | 'high';

/** Where a score sits against its ideal range; drives gauge text and CSV words. */
export function judgeAgainstIdeal(value: number, ideal: TIdeal): TBand {
  if (value < ideal.idealMin) return 'low';
  if (value > ideal.idealMax) return 'high';
  return 'ideal';
}

/** Gauge needle angle: 0-60 degrees low, 60-120 ideal, 120-180 high (spec 001 section 4). */
export function gaugeAngle(value: number, ideal: TIdeal): number {
  const lerp = (v: number, a: number, b: number, from: number): number =>
    b > a ? from + (60 * Math.min(Math.max(v - a, 0), b - a)) / (b - a) : from + 30;
  if (value < ideal.idealMin) return lerp(value, ideal.min, ideal.idealMin, 0);
  if (value > ideal.idealMax) return lerp(value, ideal.idealMax, ideal.max, 120);
  return lerp(value, ideal.idealMin, ideal.idealMax, 60);
}

/** A variety bar's height: 4 plus the segment's spread, clamped to 0-8. */
export function varietyBarScore(spread: number): number {
  return Math.min(8, Math.max(0, 4 + spread));
}
