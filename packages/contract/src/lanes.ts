import { z } from 'zod';

// The voice lanes under the results page's waveform (docs/decisions/results-page.md, "Voice lanes"): compact
// series the analysis computes once, served as a media file beside the peaks (lanesUrl), so the
// browser draws a 15-minute recording's pitch, loudness and rate without decoding any audio.

export const LANE_KEYS = ['pitch', 'loudness', 'rate', 'pauses', 'marks'] as const;
export type TLaneKey = (typeof LANE_KEYS)[number];

/** Each lane's name on screen, in LANE_KEYS order. */
export const LANE_LABELS: Record<TLaneKey, string> = {
  pitch: 'Pitch',
  loudness: 'Loudness',
  rate: 'Speaking rate',
  pauses: 'Pauses',
  marks: 'Fillers, words and upspeak',
};

/** The client preference that remembers which lanes are hidden (an array of lane keys). */
export const HIDDEN_LANES_PREFERENCE = 'hiddenWaveformLanes';

export const LANES_VERSION = 1;
/** Seconds between two values of the pitch and loudness series. */
export const LANES_STEP = 0.05;
/** Seconds between two values of the rate series. */
export const LANES_RATE_STEP = 0.5;
/** Loudness is stored in dB below the speech's loud level, down to this floor. */
export const LANES_LOUDNESS_FLOOR_DB = -40;

/**
 * A long series of whole numbers (nulls allowed where said), checked in one loop: a 15-minute
 * recording has tens of thousands of values, and a schema per element made the browser spend
 * a noticeable part of the results page's load checking them.
 */
function wholeNumberSeries<TNullable extends boolean>(nullable: TNullable) {
  return z.custom<TNullable extends true ? (number | null)[] : number[]>(
    (v) => Array.isArray(v) && v.every((x) => Number.isInteger(x) || (nullable && x === null)),
    nullable ? 'Expected whole numbers or nulls' : 'Expected whole numbers',
  );
}

export const ZLaneMarkSchema = z.object({
  kind: z.enum(['filler', 'word', 'upspeak']),
  from: z.number().min(0),
  to: z.number().min(0),
  /** The filler or spotted phrase; for upspeak, the rise in semitones ("+4.2 st"). */
  label: z.string().max(200),
});
export type TLaneMark = z.infer<typeof ZLaneMarkSchema>;

export const ZLanesSchema = z.object({
  version: z.literal(LANES_VERSION),
  duration: z.number().min(0),
  /** Seconds between values of `pitch` and `loudness`; value i is at time i * step. */
  step: z.number().positive(),
  /**
   * Tenths of a semitone from the speaker's median pitch; null where the voice is unvoiced or
   * silent. Relative, so a low and a high voice read alike.
   */
  pitch: wholeNumberSeries(true),
  /** The speaker's usual range in semitones from the median (10th and 90th percentiles). */
  pitchRange: z.object({ low: z.number(), high: z.number() }),
  /** Whole dB relative to the speech's loud level (its 95th percentile), from LANES_LOUDNESS_FLOOR_DB up to a few dB above 0. */
  loudness: wholeNumberSeries(false),
  rateStep: z.number().positive(),
  /** Syllables per second of speaking time around each point, in tenths; null where there is too little speech. */
  rate: wholeNumberSeries(true),
  /** The pace metric's ideal band, syllables per second. */
  rateIdeal: z.object({ min: z.number(), max: z.number() }),
  /** Silent pauses, [from, to] in seconds. */
  pauses: z.array(z.tuple([z.number(), z.number()])),
  /** Fillers, spotted words and rising phrase ends, in time order. */
  marks: z.array(ZLaneMarkSchema),
});
export type TLanes = z.infer<typeof ZLanesSchema>;
