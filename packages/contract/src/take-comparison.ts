import { z } from 'zod';
import { NEGATIVE_VIBES, POSITIVE_VIBES } from './constants.js';
import { metricNumberText } from './metric-format.js';
import { distanceFromBand } from './progress.js';
import { METRIC_TITLES, SINGLE_SPEAKER_SUMMARY, type TIdeal, type TSpeakerScores } from './results.js';

// Compare takes (issue 20): two to four analysed recordings side by side, each later take's
// scores judged against the first (the earliest) by the ideal band, not by up or down.

/** How many takes the compare page shows. */
export const COMPARE_LIMITS = { min: 2, max: 4 } as const;

/** The scores the results page shows for a single speaker, in its order (Word Spotting is a list of counts, not a score). */
export const COMPARE_METRICS = SINGLE_SPEAKER_SUMMARY.filter(
  (k): k is Exclude<(typeof SINGLE_SPEAKER_SUMMARY)[number], 'wordSpotting'> => k !== 'wordSpotting',
);
export type TCompareMetric = (typeof COMPARE_METRICS)[number];

/** The row label: the results page's title; the vibe rows compare the average of their ten vibes. */
export function compareMetricLabel(key: TCompareMetric): string {
  return key === 'positiveVibes' || key === 'negativeVibes' ? `${METRIC_TITLES[key]} (average)` : METRIC_TITLES[key];
}

const VIBE_GROUP = { positiveVibes: new Set<string>(POSITIVE_VIBES), negativeVibes: new Set<string>(NEGATIVE_VIBES) };

/**
 * The one number a take has for a metric, in the unit of its ideal (results.ideals): a variety's
 * overall variability, a vibe group's average of its 0-10 scores; null when it has none.
 */
export function compareValue(key: TCompareMetric, s: TSpeakerScores): number | null {
  switch (key) {
    case 'varietyVolume':
    case 'varietyPace':
    case 'varietyPitch':
      return s[key]?.value ?? null;
    case 'positiveVibes':
    case 'negativeVibes': {
      const values = Object.entries(s.vibes)
        .filter(([name]) => VIBE_GROUP[key].has(name))
        .map(([, v]) => v);
      return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    }
    default:
      return s[key] ?? null;
  }
}

export const TAKE_CHANGES = ['in-band', 'closer', 'further', 'same', 'unknown'] as const;
export type TTakeChange = (typeof TAKE_CHANGES)[number];

/** The words the compare table shows beside its icon (never colour alone). */
export const TAKE_CHANGE_WORDS: Record<TTakeChange, string> = {
  'in-band': 'in the ideal band',
  closer: 'closer to ideal',
  further: 'further from ideal',
  same: 'no change',
  unknown: 'not available',
};

/** How far a value lies outside the ideal band (0 inside it). */
export function distanceFromIdeal(value: number, ideal: Pick<TIdeal, 'idealMin' | 'idealMax'>): number {
  return distanceFromBand(value, { low: ideal.idealMin, high: ideal.idealMax });
}

/**
 * A later take against the first, judged by the ideal band: inside the band is 'in-band'; outside
 * it, 'closer' or 'further' by the distance to the band (6.0 to 5.4 syllables/s with a band of
 * 3.5-5.0 is closer, though the number went down), else 'same'. Values are compared as shown (one
 * decimal), so a change too small to see is no change. Without a value or an ideal: 'unknown'.
 */
export function judgeTakeChange(first: number | null, later: number | null, ideal: TIdeal | undefined): TTakeChange {
  if (first == null || later == null || !ideal) return 'unknown';
  const shown = (v: number) => Math.round(v * 10) / 10;
  const now = distanceFromIdeal(shown(later), ideal);
  if (now === 0) return 'in-band';
  const before = distanceFromIdeal(shown(first), ideal);
  const diff = Math.round((before - now) * 10) / 10;
  if (diff > 0) return 'closer';
  if (diff < 0) return 'further';
  return 'same';
}

/** A value as the compare table writes it: one decimal, with the metric's percent sign where it has one. */
export function compareValueText(key: TCompareMetric, value: number | null): string {
  if (value == null) return '—';
  const text = metricNumberText(key, value);
  return key === 'pauseToTalk' || key === 'upspeak' ? `${text}%` : text;
}

/**
 * A take's title without what numbers or describes the take: a trailing version ("Talk - v2",
 * "Talk v2", "Talk (2)", as default titles number takes, 001 section 5; "Talk - take 2"), and a
 * note in brackets after it ("Take 2 (faster)"). A number that is part of the title stays
 * ("Chapter 3"). "Take 1" alone keeps its word: "Take".
 */
export function takeBaseTitle(title: string): string {
  const withoutNote = title.trim().replace(/\s*\((?!\d{1,4}\))[^()]*\)$/, '');
  const base = withoutNote
    .replace(/\s*(?:-\s*v\d{1,4}|\bv\d{1,4}|\(\d{1,4}\))$/i, '')
    .replace(/(?:\s*-)?\s*\btake\s*\d{1,4}$/i, '')
    .trim();
  if (base) return base;
  const takeAlone = /^(take)\s*\d{1,4}$/i.exec(withoutNote);
  return takeAlone ? takeAlone[1]! : '';
}

/** The version a take's title carries ("- v2", "v2", "(2)", "take 2", before any note in brackets); 1 without one. */
export function takeVersion(title: string): number {
  const withoutNote = title.trim().replace(/\s*\((?!\d{1,4}\))[^()]*\)$/, '');
  const m = /(?:-\s*v|\bv|\(|\btake\s*)(\d{1,4})\)?$/i.exec(withoutNote);
  return m ? Number(m[1]) : 1;
}

/** A title's family: its base (takeBaseTitle), case-folded. Takes of one family are compared as "the same title". */
export function titleFamily(title: string): string {
  return takeBaseTitle(title).toLowerCase();
}

/**
 * Whether `earlier` is an earlier take of `take`: the same practice prompt, the same assignment,
 * or the same title family.
 */
export function isEarlierTakeOf(
  take: { title: string; assignmentId: string | null; practicePromptId?: string | null },
  earlier: { title: string; assignmentId: string | null; practicePromptId?: string | null },
): boolean {
  if (take.practicePromptId && take.practicePromptId === earlier.practicePromptId) return true;
  if (take.assignmentId && take.assignmentId === earlier.assignmentId) return true;
  const family = titleFamily(take.title);
  return family !== '' && family === titleFamily(earlier.title);
}

/** The compare page's ids (?ids=a,b): distinct, in the given order, at most COMPARE_LIMITS.max. */
export function parseCompareIds(param: string | null): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, COMPARE_LIMITS.max);
}

/** The compare page's address for these recordings (the shareable link). */
export function compareHref(recordingIds: readonly string[]): string {
  return `/compare?ids=${recordingIds.map(encodeURIComponent).join(',')}`;
}

/** GET recordings/{id}/previous-take: the newest earlier analysed take the caller may hear, or null. */
export const ZPreviousTakeSchema = z.object({ previousTakeId: z.guid().nullable() });
export type TPreviousTake = z.infer<typeof ZPreviousTakeSchema>;
