// Vibes move the right way: talks that differ in ONE delivery feature, analysed for real, and every
// vibe the documented model says depends on that feature must move with the documented sign.
import type { TResults, TVibe } from '@rostrum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { changeTempo } from '../testing/speech-fixtures.js';
import { sentenceTalk, type TSentence } from '../testing/vibe-fixtures.js';
import { type TVibeFeature, VIBE_WEIGHTS } from './vibes.model.js';

const SENTENCES = [
  'Today I want to share three ideas about learning.',
  'First, practise a little every day.',
  'Second, ask for feedback early and often.',
  'Third, celebrate the small wins along the way.',
  'Progress builds confidence over time.',
  'Thank you all for listening this morning.',
];

/**
 * The documented direction of every (feature, vibe) pair, copied from the weight table in
 * docs/analysis/scores-and-vibe-model.md ("Vibe model"): +1 the vibe rises with the feature, -1 it falls. Written out here
 * so a sign changed in VIBE_WEIGHTS fails both the table check and the behaviour checks below.
 */
const DOCUMENTED: Partial<Record<TVibeFeature, Partial<Record<TVibe, 1 | -1>>>> = {
  pitchVariety: {
    authentic: 1,
    captivating: 1,
    confident: 1,
    energetic: 1,
    personable: 1,
    persuasive: 1,
    arrogant: -1,
    boring: -1,
    detached: -1,
    ditsy: 1,
    unapproachable: -1,
  },
  volumeVariety: {
    assertive: 1,
    captivating: 1,
    energetic: 1,
    personable: 1,
    persuasive: 1,
    boring: -1,
    belligerent: 1,
    detached: -1,
    pushy: 1,
    timid: -1,
  },
  paceRate: {
    assertive: 1,
    clear: -1,
    energetic: 1,
    personable: -1,
    arrogant: -1,
    nervous: 1,
    boring: -1,
    belligerent: 1,
    condescending: -1,
    ditsy: 1,
    confusing: 1,
    pushy: 1,
    timid: -1,
    unapproachable: 1,
  },
  pausing: { clear: 1, energetic: -1, organized: 1, persuasive: 1, arrogant: 1, belligerent: -1, condescending: 1, pushy: -1 },
  longPauses: { confident: -1, organized: -1, nervous: 1, confusing: 1 },
  upspeak: {
    assertive: -1,
    confident: -1,
    personable: 1,
    persuasive: -1,
    arrogant: -1,
    nervous: 1,
    condescending: -1,
    ditsy: 1,
    timid: 1,
    unapproachable: -1,
  },
  fillers: {
    assertive: -1,
    authentic: -1,
    captivating: -1,
    clear: -1,
    confident: -1,
    organized: -1,
    persuasive: -1,
    nervous: 1,
    ditsy: 1,
    confusing: 1,
    timid: 1,
  },
};

describe('the documented directions', () => {
  for (const [feature, signs] of Object.entries(DOCUMENTED) as [TVibeFeature, Partial<Record<TVibe, 1 | -1>>][]) {
    it(`are the signs of VIBE_WEIGHTS for ${feature}, pair for pair`, () => {
      const model = Object.fromEntries(
        (Object.entries(VIBE_WEIGHTS) as [TVibe, { weights: Partial<Record<TVibeFeature, number>> }][])
          .filter(([, row]) => row.weights[feature] !== undefined)
          .map(([vibe, row]) => [vibe, Math.sign(row.weights[feature] as number)]),
      );
      expect(model).toEqual(signs);
    });
  }
});

const talk = (gaps: readonly number[], f: (text: string, i: number) => Partial<TSentence> = () => ({})): TSentence[] =>
  SENTENCES.map((text, i) => ({ text, gapBefore: gaps[i] ?? 0.7, ...f(text, i) }));
const EVEN_GAPS = [0.3, 0.7, 0.7, 0.7, 0.7, 0.7];

interface TCase {
  feature: TVibeFeature;
  /** What is varied, for the test names. */
  how: string;
  low: () => Promise<string>;
  high: () => Promise<string>;
  /** The raw measurement behind the feature, which must be higher in the `high` talk. */
  measured: (r: TResults) => number;
  /** (feature, vibe) pairs left out, each with the measured numbers that made it fail. */
  exclude?: Partial<Record<TVibe, string>>;
}

const CASES: TCase[] = [
  {
    feature: 'pitchVariety',
    how: 'SSML pitch range x-low vs x-high',
    low: async () =>
      (
        await sentenceTalk(
          'pitch-low',
          talk(EVEN_GAPS, (t) => ({ text: `<speak><prosody range="x-low">${t}</prosody></speak>` })),
          { ssml: true },
        )
      ).file,
    high: async () =>
      (
        await sentenceTalk(
          'pitch-high',
          talk(EVEN_GAPS, (t) => ({ text: `<speak><prosody range="x-high">${t}</prosody></speak>` })),
          { ssml: true },
        )
      ).file,
    measured: (r) => r.scores.varietyPitch?.value ?? Number.NaN,
  },
  {
    feature: 'volumeVariety',
    how: 'loudness-flattened sentences all at one level vs alternate ones 12 dB down',
    low: async () => (await sentenceTalk('volume-low', talk(EVEN_GAPS), { flatten: true })).file,
    high: async () =>
      (
        await sentenceTalk(
          'volume-high',
          talk(EVEN_GAPS, (_, i) => ({ gain: i % 2 === 1 ? 10 ** (-12 / 20) : 1 })),
          { flatten: true },
        )
      ).file,
    measured: (r) => r.scores.varietyVolume?.value ?? Number.NaN,
    exclude: {
      // Not the model's weight: the quieter sentences lose syllable nuclei, so the measured pace
      // falls with them (paceRate 1 -> 0.75, 2 x -0.25 = -0.5 points) and cancels the volume
      // weight (volumeVariety -0.24 -> 0.78, 0.5 x 1.02 = +0.5): pushy 5.5 in both talks.
      pushy: 'measured pace falls with the quieter sentences',
    },
  },
  {
    feature: 'paceRate',
    how: 'the same talk played at tempo 0.75 vs 1.3 (sox, pitch and pause share unchanged)',
    low: async () => changeTempo((await sentenceTalk('rate-base', talk(EVEN_GAPS))).file, 0.75),
    high: async () => changeTempo((await sentenceTalk('rate-base', talk(EVEN_GAPS))).file, 1.3),
    measured: (r) => r.scores.pace ?? Number.NaN,
  },
  {
    feature: 'pausing',
    how: '0.35 s vs 1.6 s between sentences (all under 2 s)',
    low: async () => (await sentenceTalk('pausing-low', talk([0.3, 0.35, 0.35, 0.35, 0.35, 0.35]))).file,
    high: async () => (await sentenceTalk('pausing-high', talk([0.3, 1.6, 1.6, 1.6, 1.6, 1.6]))).file,
    measured: (r) => r.scores.pauseToTalk ?? Number.NaN,
  },
  {
    feature: 'longPauses',
    how: 'the same 5.3 s of silence as five 1.06 s pauses vs two 2.2 s pauses and three 0.3 s ones',
    low: async () => (await sentenceTalk('long-low', talk([0.3, 1.06, 1.06, 1.06, 1.06, 1.06]))).file,
    high: async () => (await sentenceTalk('long-high', talk([0.3, 2.2, 0.3, 2.2, 0.3, 0.3]))).file,
    measured: (r) => r.data.features.longPauses ?? Number.NaN,
  },
  {
    feature: 'upspeak',
    how: 'the same sentences ending in "." vs "?" (espeak-ng rises on "?")',
    low: async () => (await sentenceTalk('upspeak-low', talk(EVEN_GAPS))).file,
    high: async () =>
      (
        await sentenceTalk(
          'upspeak-high',
          talk(EVEN_GAPS, (t) => ({ text: t.replace(/\.$/, '?') })),
        )
      ).file,
    measured: (r) => r.scores.upspeak ?? Number.NaN,
  },
  // fillers: not covered. Synthesised "Um," / "Uh," opening each sentence (flite slt, pocketsphinx
  // with the uh/um keyword pass) were heard as "and" / "at": 0 fillers per minute in both talks, so
  // the generator, not the model, could not move the feature. Needs a recorded or better filler.
];

/** The normalised feature value the model used (the same in every vibe that has it). */
function featureValue(r: TResults, feature: TVibeFeature): number {
  for (const e of Object.values(r.data.vibes)) {
    const c = e?.contributions.find((x) => x.feature === feature);
    if (c) return c.value;
  }
  return Number.NaN;
}

for (const c of CASES) {
  describe(`vibes follow ${c.feature} (${c.how})`, () => {
    let low: TResults;
    let high: TResults;
    beforeAll(async () => {
      [low, high] = await Promise.all([
        c.low().then((f) => analyze(f, { transcriber: 'none' })),
        c.high().then((f) => analyze(f, { transcriber: 'none' })),
      ]);
      const show = (r: TResults) =>
        JSON.stringify({ measured: c.measured(r), value: featureValue(r, c.feature), vibes: r.scores.vibes, features: r.data.features });
      console.log(`${c.feature}\n low  ${show(low)}\n high ${show(high)}`);
    }, 120_000);

    it('the generator moved the measured feature, and the normalised feature with it', () => {
      expect(c.measured(high)).toBeGreaterThan(c.measured(low));
      expect(featureValue(high, c.feature)).toBeGreaterThan(featureValue(low, c.feature));
    });

    const pairs = (Object.entries(DOCUMENTED[c.feature] ?? {}) as [TVibe, 1 | -1][]).filter(([vibe]) => !(vibe in (c.exclude ?? {})));
    for (const [vibe, sign] of pairs) {
      it(`${vibe} ${sign > 0 ? 'rises' : 'falls'} with ${c.feature} (weight ${VIBE_WEIGHTS[vibe].weights[c.feature]})`, () => {
        const d = high.scores.vibes[vibe] - low.scores.vibes[vibe];
        if (sign > 0) expect(d).toBeGreaterThan(0);
        else expect(d).toBeLessThan(0);
      });
    }
  });
}
