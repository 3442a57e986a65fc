import { NEGATIVE_VIBES, POSITIVE_VIBES, type TResults, type TSpeakerScores, type TTranscriptItem } from '@rostrum/contract';

// Complete, schema-valid results for the export tests: one speaker, or a two-speaker conversation.

export const w = (text: string, start: number, end: number, speaker = 1, type: TTranscriptItem['type'] = 'word'): TTranscriptItem => ({
  speaker,
  text,
  start,
  end,
  confidence: 0.9,
  type,
  isPunctuation: type === 'punctuation',
  alternatives: [],
});
export const p = (text: string, at: number, speaker = 1) => w(text, at, at, speaker, 'punctuation');

const vibes = Object.fromEntries([...POSITIVE_VIBES, ...NEGATIVE_VIBES].map((v, i) => [v, (i % 10) + 0.5])) as TSpeakerScores['vibes'];
const variety = (value: number) => ({ inBand: 80, belowBand: 15, aboveBand: 5, value });

export function speakerScores(over: Partial<TSpeakerScores> = {}): TSpeakerScores {
  return {
    overall: 7.4,
    strengthOfOpening: 6.8,
    clarity: 8.1,
    pace: 4.3,
    pauseToTalk: 31,
    upspeak: 4,
    reading: 20,
    varietyVolume: variety(6.2),
    varietyPace: variety(18),
    varietyPitch: variety(3.4),
    talkVsListen: null,
    convoSwitches: null,
    questions: null,
    waitTime: null,
    wordSpotting: { 'uh/um': 2 },
    vibes,
    isEmptyResults: false,
    ...over,
  };
}

const ideal = (idealMin: number, idealMax: number, max = 10) => ({ min: 0, max, idealMin, idealMax });

export function fullResults(over: Partial<TResults> = {}, transcript?: TTranscriptItem[]): TResults {
  const items = transcript ?? [
    w('Good', 0.5, 0.8),
    w('morning', 0.8, 1.2),
    w('everyone', 1.2, 1.7),
    p(',', 1.7),
    w('um', 2.6, 2.9, 1, 'filler'),
    w('thanks', 3.0, 3.4),
    w('for', 3.4, 3.5),
    w('coming', 3.5, 4.0),
    p('.', 4.0),
  ];
  return {
    isConversational: false,
    algorithm: 'rostrum-default',
    numSpeakers: 1,
    scores: { ...speakerScores(), perSpeaker: null },
    tips: {
      main: { workOn: ['pace', 'fillerWords'], tips: ['Slow down a little in your opening.', 'Replace "um" with a short pause.'] },
      byMetric: { pace: ['Breathe between sentences.'] },
    },
    timestamped: { metrics: { pace: { hotSpots: [{ from: 1, to: 2, spread: 1 }], segments: [] } }, vibes: {} },
    ideals: {
      overall: ideal(7, 10),
      strengthOfOpening: ideal(7, 10),
      clarity: ideal(7, 10),
      pace: ideal(3.5, 5.2, 8),
      pauseToTalk: ideal(20, 40, 100),
      upspeak: ideal(0, 10, 100),
      varietyVolume: ideal(4, 8, 20),
      varietyPace: ideal(10, 30, 60),
      varietyPitch: ideal(2, 5, 12),
      positiveVibes: ideal(6, 10),
      negativeVibes: ideal(0, 4),
    },
    diarizedTranscript: items,
    data: {
      duration: 5,
      speechDuration: 3.5,
      syllables: 9,
      wordsPerMinute: 120,
      transcriber: 'test',
      transcript: 'Good morning everyone, um thanks for coming.',
      features: {},
      vibes: {},
      speakers: [{ speaker: 1, talkSeconds: 3.5, turns: [{ from: 0.5, to: 4 }] }],
      labels: { pace: 'Ideal', pauseToTalk: 'Ideal', upspeak: 'Some', reading: 'No' },
    },
    ...over,
  };
}

/** A two-speaker conversation: speaker 1 asks, speaker 2 answers. */
export function conversationResults(): TResults {
  const conv = (n: number) =>
    speakerScores({ overall: null, talkVsListen: n === 1 ? 55 : 45, convoSwitches: 4, questions: n === 1 ? 2 : 0, waitTime: 0.8 });
  return fullResults(
    {
      isConversational: true,
      algorithm: 'rostrum-conversational',
      numSpeakers: 2,
      scores: {
        ...conv(1),
        perSpeaker: [
          { ...conv(1), speaker: 1 },
          { ...conv(2), speaker: 2 },
        ],
      },
    },
    [
      w('How', 0.2, 0.4, 1),
      w('are', 0.4, 0.5, 1),
      w('you', 0.5, 0.7, 1),
      p('?', 0.7, 1),
      w('Fine', 1.0, 1.4, 2),
      w('thanks', 1.4, 1.8, 2),
      p('.', 1.8, 2),
    ],
  );
}
