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

describe('the clarity tip', () => {
  const tip = (clarityParts?: Parameters<typeof buildTips>[0]['clarityParts']) =>
    buildTips({ scores: scores({ clarity: 5 }), fillersPerMinute: 0, isConversational: false, duration: 60, clarityParts }).byMetric
      .clarity?.[0];

  it('names the part of a low clarity that cost the most points', () => {
    expect(tip({ audibility: 0.3, articulation: 1, followablePace: 1, recognised: 0.6 })).toMatch(
      /background noise or a muffled microphone/,
    );
    expect(tip({ audibility: 1, articulation: 0.1, followablePace: 1, recognised: 0.8 })).toMatch(/syllables ran together/);
    expect(tip({ audibility: 1, articulation: 1, followablePace: 0, recognised: 0.5 })).toMatch(/faster than a listener can follow/);
    expect(tip({ audibility: 0.9, articulation: 1, followablePace: 1, recognised: 0.2 })).toMatch(/hard to make out/);
  });

  it('falls back to general advice without the parts, and praises a clear talk', () => {
    expect(tip()).toMatch(/^Articulate each syllable/);
    expect(
      buildTips({ scores: scores({ clarity: 8.5 }), fillersPerMinute: 0, isConversational: false, duration: 60 }).byMetric.clarity?.[0],
    ).toBe('Your speech is clear and easy to understand.');
  });
});

describe('word-based tips on uncertain words', () => {
  const base = { scores: scores({}), isConversational: false, duration: 60 };
  it('says how many of the fillers counted rest on uncertain words', () => {
    const tips = buildTips({ ...base, fillersPerMinute: 5, uncertainWords: { fillers: 5, uncertainFillers: 2, mostlyUncertain: false } });
    expect(tips.byMetric.wordSpotting).toEqual([
      'You used about 5.0 filler words (uh, um) per minute. Replace them with a short silent pause. 2 of the 5 fillers counted rest on uncertain words.',
    ]);
    expect(tips.main.tips[0]).toContain('2 of the 5 fillers counted rest on uncertain words.');
  });

  it('adds nothing when the words are sure, and warns once when most words are uncertain', () => {
    const sure = buildTips({ ...base, fillersPerMinute: 1, uncertainWords: { fillers: 1, uncertainFillers: 0, mostlyUncertain: false } });
    expect(sure.byMetric.wordSpotting).toEqual([
      'You used about 1.0 filler words (uh, um) per minute: few enough not to distract. Keep pausing silently instead.',
    ]);
    const unsure = buildTips({ ...base, fillersPerMinute: 1, uncertainWords: { fillers: 1, uncertainFillers: 1, mostlyUncertain: true } });
    expect(unsure.byMetric.wordSpotting).toEqual([
      'You used about 1.0 filler words (uh, um) per minute: few enough not to distract. Keep pausing silently instead. The one filler counted rests on an uncertain word.',
      'The recogniser could not make out most of your words, so the word counts may be off: listen back before you act on them.',
    ]);
  });
});
