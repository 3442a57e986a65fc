import { describe, expect, it } from 'vitest';
import { NEGATIVE_VIBES, POSITIVE_VIBES, type TSpeakerScores } from '@rostrum/contract';
import { buildTips } from './tips.js';

function scores(over: Partial<TSpeakerScores>): TSpeakerScores {
  const vibes = Object.fromEntries([...POSITIVE_VIBES, ...NEGATIVE_VIBES].map((v) => [v, 3])) as TSpeakerScores['vibes'];
  return {
    overall: null,
    strengthOfOpening: null,
    clarity: null,
    pace: null,
    pauseToTalk: null,
    upspeak: null,
    reading: null,
    varietyVolume: null,
    varietyPace: null,
    varietyPitch: null,
    talkVsListen: null,
    convoSwitches: null,
    questions: null,
    waitTime: null,
    wordSpotting: {},
    vibes,
    isEmptyResults: false,
    ...over,
  };
}

describe('tips for switches and the vibe radars', () => {
  it('judges conversation switches against the per-minute ideal', () => {
    const tip = (n: number) =>
      buildTips({ scores: scores({ convoSwitches: n }), fillersPerMinute: 0, isConversational: true, duration: 120 }).byMetric
        .convoSwitches![0];
    expect(tip(0)).toMatch(/^Only 0 meaningful switches/);
    expect(tip(4)).toMatch(/real back-and-forth/);
    expect(tip(16)).toMatch(/a lot of short exchanges/);
  });

  it('names the strongest positive vibes and the negative ones above the ideal', () => {
    const base = scores({});
    const t = buildTips({
      scores: { ...base, vibes: { ...base.vibes, confident: 8, energetic: 7, nervous: 6 } },
      fillersPerMinute: 0,
      isConversational: false,
      duration: 60,
    });
    expect(t.byMetric.positiveVibes).toEqual([expect.stringContaining('confident and energetic')]);
    expect(t.byMetric.negativeVibes).toEqual([expect.stringContaining('as nervous')]);
    const calm = buildTips({ scores: base, fillersPerMinute: 0, isConversational: false, duration: 60 });
    expect(calm.byMetric.negativeVibes).toEqual(['No negative vibe stands out in this recording.']);
    expect(calm.byMetric.positiveVibes![0]).toMatch(/^Your strongest positive vibe is/);
  });
});
