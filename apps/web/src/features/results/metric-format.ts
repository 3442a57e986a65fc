import {
  NEGATIVE_VIBES,
  POSITIVE_VIBES,
  judgeAgainstIdeal,
  type TBand,
  type TIdeal,
  type TMetricKey,
  type TSpeakerScores,
  type TVariety,
} from '@rostrum/contract';

// How each metric reads in words (001 section 9: pace and pausing judged against idealMin and
// idealMax giving low, high or ideal text; upspeak none, some or too much; scores to one decimal).

export const one = (n: number) => n.toFixed(1);

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
  return v ? `${Math.round(v.inBand)}% in the ideal band` : 'Not available';
}

/** A metric's value as the Summary tab lists it. */
export function summaryValue(key: TMetricKey, s: TSpeakerScores, ideal: TIdeal | undefined): string {
  const v = verdict(key, numeric(key, s), ideal);
  const withVerdict = (text: string) => (v ? `${text} (${v.text})` : text);
  switch (key) {
    case 'overall':
    case 'strengthOfOpening':
    case 'clarity': {
      const x = s[key];
      return x == null ? 'Not available' : `${one(x)} out of 10`;
    }
    case 'pace':
      return s.pace == null ? 'Not available' : withVerdict(`${one(s.pace)} syllables per second`);
    case 'pauseToTalk':
      return s.pauseToTalk == null ? 'Not available' : withVerdict(`${Math.round(s.pauseToTalk)}% pause to talk`);
    case 'upspeak':
      return s.upspeak == null ? 'Not available' : `${v?.text ?? ''} (${Math.round(s.upspeak)}% of phrases)`;
    case 'varietyVolume':
    case 'varietyPace':
    case 'varietyPitch':
      return varietySummary(s[key]);
    case 'talkVsListen':
      return s.talkVsListen == null ? 'Not available' : withVerdict(`${Math.round(s.talkVsListen)}% talking`);
    case 'convoSwitches':
    case 'questions':
    case 'waitTime': {
      const x = s[key];
      return x == null ? 'Not available' : String(key === 'waitTime' ? `${one(x)} s` : x);
    }
    case 'wordSpotting': {
      const entries = Object.entries(s.wordSpotting);
      return entries.length ? entries.map(([p, c]) => `${p}: ${c}`).join(', ') : 'None';
    }
    case 'positiveVibes':
    case 'negativeVibes':
      return topVibes(s, key)
        .map((x) => `${x.name} ${one(x.score)}`)
        .join(', ');
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
