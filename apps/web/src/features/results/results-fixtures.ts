import type { TRecording, TRecordingWordspotting, TResults, TSpan, TSpeakerScores, TTranscriptItem } from '@rostrum/contract';

// Test data for the results components: only the parts of a recording and its results they read.

export const RECORDING_ID = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

export const word = (text: string, start: number, end: number, type: TTranscriptItem['type'] = 'word'): TTranscriptItem => ({
  speaker: 1,
  text,
  start,
  end,
  confidence: 0.9,
  type,
  isPunctuation: type === 'punctuation',
  alternatives: [],
});

/** Results with a transcript, word-spotting counts and their merged hot spots. */
export function wordResults(transcript: TTranscriptItem[], counts: Record<string, number>, hotSpots: TSpan[]): TResults {
  return {
    isConversational: false,
    scores: { wordSpotting: counts, perSpeaker: null, vibes: {} },
    timestamped: { metrics: { wordSpotting: { hotSpots, segments: hotSpots } }, vibes: {} },
    tips: { main: { workOn: [], tips: [] }, byMetric: {} },
    diarizedTranscript: transcript,
    ideals: {},
    data: { transcript: transcript.map((w) => w.text).join(' '), vibes: {} },
  } as unknown as TResults;
}

export const scoresOf = (r: TResults): TSpeakerScores => r.scores;

export const ORG_LIST = { source: 'org' as const, name: 'Northwind Communications', words: ['uh/um', 'so', 'you know', 'product name'] };
export const GROUP_LIST = { source: 'group' as const, name: 'Sales Team', words: ['uh/um', 'so', 'basically'] };

/** A done recording with the given word-list state. */
export function recordingWith(wordspotting: Partial<TRecordingWordspotting>): TRecording {
  return {
    recordingId: RECORDING_ID,
    state: 'done',
    isVideo: false,
    videoUrl: null,
    wordspotting: { used: ORG_LIST, current: null, reanalyzing: false, canReanalyze: true, ...wordspotting },
  } as unknown as TRecording;
}
