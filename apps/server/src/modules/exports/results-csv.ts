import {
  CONVERSATIONAL_SUMMARY,
  idealText,
  METRIC_TITLES,
  METRIC_UNITS,
  metricNumberText,
  ownerScores,
  NEGATIVE_VIBES,
  POSITIVE_VIBES,
  SINGLE_SPEAKER_SUMMARY,
  speakerScores,
  type TMetricKey,
  type TResults,
  type TSpeakerScores,
  verdict,
  varietySummary,
  speakerLabel,
} from '@rostrum/contract';
import { safeText } from '../assignments/index.js';

// The results as CSV (issue 20): one row per metric (per vibe word and per spotted phrase too),
// each with the recording's title, the speaker, score, value, unit and ideal band. The cells go
// through csv-stringify (RFC 4180 quoting); text cells through safeText (formula injection).

export const CSV_HEADER = ['Recording', 'Speaker', 'Metric', 'Score', 'Value', 'Unit', 'Ideal band', 'Verdict'] as const;

type TRow = (string | number)[];

/** A metric's number as the results page writes it (metricNumberText), nothing when missing. */
const num = (key: TMetricKey, v: number | null | undefined): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '' : metricNumberText(key, v);

/** "ideal" (a metric without words of its own) reads as "Ideal", like the named verdicts. */
const capitalised = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

const SCORED: ReadonlySet<TMetricKey> = new Set(['overall', 'strengthOfOpening', 'clarity']);

function metricRows(
  key: TMetricKey,
  s: TSpeakerScores,
  results: TResults,
): Omit<Record<(typeof CSV_HEADER)[number], string>, 'Recording' | 'Speaker'>[] {
  const ideal = results.ideals[key];
  const band = idealText(key, ideal);
  const title = METRIC_TITLES[key];
  const unit = METRIC_UNITS[key];
  switch (key) {
    case 'wordSpotting':
      return Object.entries(s.wordSpotting).map(([phrase, count]) => ({
        Metric: `${title}: ${phrase}`,
        Score: '',
        Value: String(count),
        Unit: unit,
        'Ideal band': '',
        Verdict: '',
      }));
    case 'positiveVibes':
    case 'negativeVibes':
      return (key === 'positiveVibes' ? POSITIVE_VIBES : NEGATIVE_VIBES).map((vibe) => ({
        Metric: `${title}: ${vibe}`,
        Score: num(key, s.vibes[vibe]),
        Value: num(key, s.vibes[vibe]),
        Unit: unit,
        'Ideal band': band,
        Verdict: '',
      }));
    case 'varietyVolume':
    case 'varietyPace':
    case 'varietyPitch': {
      const v = s[key];
      return [
        {
          Metric: title,
          Score: '',
          Value: num(key, v?.value),
          Unit: unit,
          'Ideal band': band,
          Verdict: v ? varietySummary(v) : 'Not available',
        },
      ];
    }
    default: {
      const raw = (s as unknown as Record<string, unknown>)[key];
      const value = typeof raw === 'number' ? raw : null;
      return [
        {
          Metric: title,
          Score: SCORED.has(key) ? num(key, value) : '',
          Value: num(key, value),
          Unit: unit,
          'Ideal band': band,
          Verdict: value === null ? 'Not available' : capitalised(verdict(key, value, ideal)?.text ?? ''),
        },
      ];
    }
  }
}

/** The CSV's rows, header first: every speaker of a conversation, the summary's metrics in its order. */
export function resultsCsvRows(title: string, results: TResults): TRow[] {
  const keys = results.isConversational ? CONVERSATIONAL_SUMMARY : SINGLE_SPEAKER_SUMMARY;
  const speakers: { label: string; scores: TSpeakerScores }[] =
    results.isConversational && results.scores.perSpeaker
      ? results.scores.perSpeaker.map((p) => ({ label: speakerLabel(p.speaker), scores: speakerScores(results, p.speaker) ?? p }))
      : [{ label: '', scores: ownerScores(results, null) ?? results.scores }];
  const rows: TRow[] = [[...CSV_HEADER]];
  for (const { label, scores } of speakers) {
    if (scores.isEmptyResults) continue;
    for (const key of keys)
      for (const r of metricRows(key, scores, results))
        rows.push([safeText(title), label, safeText(r.Metric), r.Score, r.Value, r.Unit, r['Ideal band'], r.Verdict]);
  }
  return rows;
}
