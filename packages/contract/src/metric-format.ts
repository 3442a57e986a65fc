import { NEGATIVE_VIBES, POSITIVE_VIBES } from './constants.js';
import { judgeAgainstIdeal, type TBand, type TIdeal, type TMetricKey, type TSpeakerScores, type TVariety } from './results.js';

// How each metric reads in words, on the results page, in print and in the exports (001 section 9: pace and pausing judged against idealMin and
// idealMax giving low, high or ideal text; upspeak none, some or too much; scores to one decimal).

export const oneDecimalText = (n: number) => n.toFixed(1);

/** Shares (percent) are shown as whole numbers, counts as counted; every other figure to one decimal. */
const WHOLE: ReadonlySet<TMetricKey> = new Set(['pauseToTalk', 'talkVsListen', 'upspeak', 'convoSwitches', 'questions', 'wordSpotting']);

/**
 * A metric's number as every view writes it (the results page's charts and Summary, the compare
 * page, print, the PDF and the CSV), without its unit: one rounding for one figure everywhere.
 */
export function metricNumberText(key: TMetricKey, n: number): string {
  return WHOLE.has(key) ? String(Math.round(n)) : oneDecimalText(n);
}

const BAND_WORDS: Partial<Record<TMetricKey, Record<TBand, string>>> = {
  pace: { low: 'Too slow', ideal: 'Ideal', high: 'Too fast' },
  pauseToTalk: { low: 'Too little', ideal: 'Ideal', high: 'Too much' },
  talkVsListen: { low: 'Listening more', ideal: 'Balanced', high: 'Talking more' },
  convoSwitches: { low: 'Few', ideal: 'Ideal', high: 'Many' },
  questions: { low: 'Few', ideal: 'Ideal', high: 'Many' },
};

export function verdict(key: TMetricKey, value: number | null, ideal: TIdeal | undefined): { text: string; band: TBand } | null {
  if (value == null || !ideal) return null;
  if (key === 'upspeak') {
    if (value <= 0) return { text: 'None', band: 'ideal' };
    return value <= ideal.idealMax ? { text: 'Some', band: 'ideal' } : { text: 'Too much', band: 'high' };
  }
  const band = judgeAgainstIdeal(value, ideal);
  return { text: BAND_WORDS[key]?.[band] ?? band, band };
}

export function zoneLabels(key: TMetricKey): [string, string, string] {
  if (key === 'upspeak') return ['None', 'Some', 'Too much'];
  const w = BAND_WORDS[key];
  return w ? [w.low, w.ideal, w.high] : ['Low', 'Ideal', 'High'];
}

export function varietySummary(v: TVariety | null): string {
  return v ? `${Math.round(v.inBand)}% of segments in the ideal band` : 'Not available';
}

/** The unit a metric's value and its ideal range are both written in (docs/analysis/scores-and-vibe-model.md). */
export const METRIC_UNITS: Record<TMetricKey, string> = {
  overall: 'out of 10',
  strengthOfOpening: 'out of 10',
  clarity: 'out of 10',
  pace: 'syllables per second',
  pauseToTalk: '% pause to talk',
  upspeak: '% of phrases',
  varietyVolume: 'dB variation',
  varietyPace: '% pace variation',
  varietyPitch: 'semitones variation',
  talkVsListen: '% talking',
  convoSwitches: 'switches',
  questions: 'questions',
  waitTime: 's',
  wordSpotting: 'times',
  positiveVibes: 'out of 10',
  negativeVibes: 'out of 10',
};

/** "5" or "2.5": ideals keep their own precision. */
const num = (n: number) => String(Math.round(n * 10) / 10);
/** Units that start with % follow the number directly ("32% pause to talk"). */
const withUnit = (text: string, unit: string) => (unit.startsWith('%') ? `${text}${unit}` : `${text} ${unit}`);

/** A metric's ideal range in the same unit as its value ("3.5-5.2 syllables per second"). */
export function idealText(key: TMetricKey, ideal: TIdeal | undefined): string {
  if (!ideal || key === 'wordSpotting') return '';
  const range = `${num(ideal.idealMin)}-${num(ideal.idealMax)}`;
  if (key === 'positiveVibes' || key === 'negativeVibes') return `${range} out of 10 each`;
  return withUnit(range, METRIC_UNITS[key]);
}

/** A metric's value as the Summary tab (and print) lists it, in METRIC_UNITS[key]. */
export function summaryValue(key: TMetricKey, s: TSpeakerScores, ideal: TIdeal | undefined): string {
  const unit = METRIC_UNITS[key];
  const v = verdict(key, numeric(key, s), ideal);
  const withVerdict = (text: string) => (v ? `${text} (${v.text})` : text);
  switch (key) {
    case 'overall':
    case 'strengthOfOpening':
    case 'clarity': {
      const x = s[key];
      return x == null ? 'Not available' : withUnit(metricNumberText(key, x), unit);
    }
    case 'pace':
      return s.pace == null ? 'Not available' : withVerdict(withUnit(metricNumberText(key, s.pace), unit));
    case 'pauseToTalk':
    case 'talkVsListen': {
      const x = s[key];
      return x == null ? 'Not available' : withVerdict(withUnit(metricNumberText(key, x), unit));
    }
    case 'upspeak':
      return s.upspeak == null ? 'Not available' : withVerdict(withUnit(metricNumberText(key, s.upspeak), unit));
    case 'varietyVolume':
    case 'varietyPace':
    case 'varietyPitch': {
      const x = s[key];
      return x == null
        ? 'Not available'
        : `${withUnit(metricNumberText(key, x.value), unit)} (${Math.round(x.inBand)}% of segments in the ideal band)`;
    }
    case 'convoSwitches':
    case 'questions': {
      const x = s[key];
      return x == null ? 'Not available' : withVerdict(withUnit(metricNumberText(key, x), unit));
    }
    case 'waitTime':
      return s.waitTime == null ? 'Not available' : withUnit(metricNumberText(key, s.waitTime), unit);
    case 'wordSpotting': {
      const entries = Object.entries(s.wordSpotting);
      return entries.length ? entries.map(([p, c]) => `${p}: ${c} ${c === 1 ? 'time' : 'times'}`).join(', ') : 'None';
    }
    case 'positiveVibes':
    case 'negativeVibes':
      return `${topVibes(s, key)
        .map((x) => `${x.name} ${oneDecimalText(x.score)}`)
        .join(', ')} (out of 10)`;
  }
}

function numeric(key: TMetricKey, s: TSpeakerScores): number | null {
  const v = (s as unknown as Record<string, unknown>)[key];
  return typeof v === 'number' ? v : null;
}

export function vibeScores(s: TSpeakerScores, kind: 'positiveVibes' | 'negativeVibes'): { name: string; score: number }[] {
  const names = kind === 'positiveVibes' ? POSITIVE_VIBES : NEGATIVE_VIBES;
  return names.map((name) => ({ name, score: s.vibes[name] ?? 0 }));
}

export function topVibes(s: TSpeakerScores, kind: 'positiveVibes' | 'negativeVibes', n = 3): { name: string; score: number }[] {
  return vibeScores(s, kind)
    .sort((a, b) => b.score - a.score)
    .slice(0, n);
}
