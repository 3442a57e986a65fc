import {
  METRIC_TITLES,
  metricNumberText,
  oneDecimalText,
  type TIdeal,
  type TMetricKey,
  type TSpeakerScores,
  topVibes,
  verdict,
} from '@rostrum/contract';

/** One metric as a folded group's heading shows it: its name, its figure and whether it sits in its ideal band. */
export interface TGlance {
  key: TMetricKey;
  label: string;
  value: string;
  /** 'ideal' in the band, 'off' outside it, 'plain' where there is no band to judge against. */
  tone: 'ideal' | 'off' | 'plain';
}

const SHORT_UNITS: Partial<Record<TMetricKey, string>> = {
  pace: ' syll/s',
  pauseToTalk: '%',
  upspeak: '%',
  talkVsListen: '%',
};

/** The figure the group's heading shows, in the number format every view uses (metricNumberText). */
export function glance(key: TMetricKey, s: TSpeakerScores, ideal: TIdeal | undefined): TGlance {
  const label = METRIC_TITLES[key];
  const toneOf = (band: string | undefined) => (band === undefined ? 'plain' : band === 'ideal' ? 'ideal' : 'off');
  switch (key) {
    case 'varietyVolume':
    case 'varietyPace':
    case 'varietyPitch': {
      const v = s[key];
      // A variety is judged by how much of the talk sits in its band; half or more reads as in band.
      return v == null
        ? { key, label, value: '—', tone: 'plain' }
        : { key, label, value: `${Math.round(v.inBand)}% in band`, tone: v.inBand >= 50 ? 'ideal' : 'off' };
    }
    case 'wordSpotting': {
      const n = Object.values(s.wordSpotting).reduce((a, b) => a + b, 0);
      return { key, label, value: `${n} spotted`, tone: 'plain' };
    }
    case 'positiveVibes':
    case 'negativeVibes': {
      const top = topVibes(s, key, 1)[0];
      return { key, label, value: top ? `${capitalise(top.name)} ${oneDecimalText(top.score)}` : '—', tone: 'plain' };
    }
    default: {
      const raw = (s as unknown as Record<string, unknown>)[key];
      const value = typeof raw === 'number' ? raw : null;
      if (value == null) return { key, label, value: '—', tone: 'plain' };
      const v = verdict(key, value, ideal);
      return { key, label, value: `${metricNumberText(key, value)}${SHORT_UNITS[key] ?? ''}`, tone: toneOf(v?.band) };
    }
  }
}

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
