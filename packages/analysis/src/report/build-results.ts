import {
  ZResultsSchema,
  FILLER_PHRASE,
  isMostlyUncertain,
  isUncertainWord,
  judgeAgainstIdeal,
  UNCERTAIN_WORD_CONFIDENCE,
  type TMetricKey,
  type TMetricTimestamps,
  type TResults,
  type TSpeakerCount,
  type TSpeakerScores,
  type TTranscriptItem,
} from '@rostrum/contract';
import type { TWord } from '../asr/transcriber.js';
import type { TSpeakerAnalysis } from '../metrics/score-speaker.js';
import type { TInterval } from '../signal/voice-activity.js';
import { countIdeals, IDEALS } from './ideals.js';
import { unclearStretches, weakestStretches } from './moments.js';
import { buildTips } from './tips.js';

export interface TConversationScores {
  talkVsListen: number;
  convoSwitches: number;
  questions: number;
  waitTime: number | null;
  questionSpans: TInterval[];
  switchSpans: TInterval[];
}

export interface TSpeakerReport {
  speaker: number;
  analysis: TSpeakerAnalysis;
  turns: TInterval[];
  conversation: TConversationScores | null;
}

export interface TReportInput {
  algorithm: string;
  isConversational: boolean;
  /** The conversational algorithm's speaker count and how it was decided. */
  speakerCount?: TSpeakerCount;
  duration: number;
  /** Index into `speakers` of the recording's owner (spec: speakerNum, 1-based, default 1). */
  ownerIndex: number;
  speakers: TSpeakerReport[];
  words: (TWord & { speaker: number })[];
  transcriber: string;
}

/**
 * A speaker's scores with the conversation's own. A conversation has no Vocal Delivery (its
 * results show the conversational set, spec 001): overall is left out here, once, so no page,
 * list, export or tip shows a Vibe score the results page does not.
 */
function withConversation(scores: TSpeakerScores, c: TConversationScores | null, isConversational: boolean): TSpeakerScores {
  // Nor has a take with too little speech for metrics (its page shows none).
  const own = isConversational || scores.isEmptyResults ? { ...scores, overall: null } : scores;
  if (!c) return own;
  return { ...own, talkVsListen: c.talkVsListen, convoSwitches: c.convoSwitches, questions: c.questions, waitTime: c.waitTime };
}

/** Assembles the spec's Results shape and validates it against the shared schema. */
export function buildResults(input: TReportInput): TResults {
  const owner = input.speakers[input.ownerIndex] ?? input.speakers[0];
  if (!owner) throw new Error('buildResults needs at least one speaker');
  const a = owner.analysis;
  const ownerScores = withConversation(a.scores, owner.conversation, input.isConversational);
  const perSpeaker = input.isConversational
    ? input.speakers.slice(0, 5).map((s) => ({ speaker: s.speaker, ...withConversation(s.analysis.scores, s.conversation, true) }))
    : null;
  const timestamped: Partial<Record<TMetricKey, TMetricTimestamps>> = { ...a.timestamped };
  const positive = ['assertive', 'authentic', 'captivating', 'clear', 'confident', 'energetic', 'organized', 'personable', 'persuasive'];
  const vibeEntries = Object.entries(a.scores.vibes);
  const posAvg = avg(vibeEntries.filter(([k]) => positive.includes(k)).map(([, v]) => v));
  const negAvg = avg(vibeEntries.filter(([k]) => !positive.includes(k)).map(([, v]) => v));
  timestamped.positiveVibes = { hotSpots: [], segments: [] };
  timestamped.negativeVibes = { hotSpots: [], segments: [] };
  if (owner.conversation) {
    const c = owner.conversation;
    timestamped.talkVsListen = { hotSpots: [], segments: owner.turns.map((t) => ({ from: t.from, to: t.to, spread: 0 })) };
    timestamped.convoSwitches = {
      hotSpots: c.switchSpans.map((s) => ({ ...s, spread: 0 })),
      segments: c.switchSpans.map((s) => ({ ...s, spread: 0 })),
    };
    timestamped.questions = {
      hotSpots: c.questionSpans.map((s) => ({ ...s, spread: 0 })),
      segments: c.questionSpans.map((s) => ({ ...s, spread: 0 })),
    };
    timestamped.waitTime = { hotSpots: [], segments: [] };
  }
  const ideals = { ...IDEALS, ...countIdeals(input.duration) };
  const labels = {
    pace: label(
      ownerScores.pace,
      (v) => (({ low: 'Too slow', ideal: 'Ideal', high: 'Too fast' }) as const)[judgeAgainstIdeal(v, IDEALS.pace)],
    ),
    pauseToTalk: label(
      ownerScores.pauseToTalk,
      (v) => (({ low: 'Too little', ideal: 'Ideal', high: 'Too much' }) as const)[judgeAgainstIdeal(v, IDEALS.pauseToTalk)],
    ),
    upspeak: label(ownerScores.upspeak, (v) => (v <= 0 ? 'None' : v <= IDEALS.upspeak.idealMax ? 'Some' : 'Too much')),
    reading: label(ownerScores.reading, (v) => (v >= 50 ? 'Yes' : 'No')),
  } as const;
  const diarizedTranscript: TTranscriptItem[] = input.words.map((w) => ({
    speaker: w.speaker,
    text: w.text,
    start: round3(w.start),
    end: round3(w.end),
    confidence: Math.round(Math.min(1, Math.max(0, w.confidence)) * 1000) / 1000,
    type: w.isFiller ? 'filler' : 'word',
    isPunctuation: false,
    // The recogniser's own competitors (pocketsphinx's lattice); none when it gave none.
    alternatives: w.alternatives ?? [],
  }));
  const wordConfidence = measureWordConfidence(
    diarizedTranscript.filter((w) => w.speaker === owner.speaker),
    a.spottedHits,
  );
  // Clarity's and Vocal Delivery's moments, from the owner's transcript and the other metrics' segments.
  const unclear = unclearStretches(
    diarizedTranscript.filter((w) => w.speaker === owner.speaker).map((w) => ({ ...w, isFiller: w.type === 'filler' })),
  );
  timestamped.clarity = { hotSpots: unclear, segments: unclear };
  timestamped.overall = { hotSpots: weakestStretches(timestamped), segments: [] };
  const results: TResults = {
    isConversational: input.isConversational,
    algorithm: input.algorithm,
    numSpeakers: Math.min(5, Math.max(1, input.speakers.length)),
    ...(input.speakerCount ? { speakerCount: input.speakerCount } : {}),
    scores: { ...ownerScores, perSpeaker },
    tips: buildTips({
      scores: ownerScores,
      fillersPerMinute: a.fillersPerMinute,
      isConversational: input.isConversational,
      duration: input.duration,
      clarityParts: a.clarityParts,
      uncertainWords: {
        fillers: a.spottedHits[FILLER_PHRASE]?.length ?? 0,
        uncertainFillers: wordConfidence.wordSpotting[FILLER_PHRASE] ?? 0,
        mostlyUncertain: wordConfidence.mostlyUncertain,
      },
    }),
    timestamped: { metrics: timestamped, vibes: a.vibeSpans },
    ideals,
    diarizedTranscript,
    data: {
      duration: round3(input.duration),
      speechDuration: round3(a.speechDuration),
      syllables: a.syllables,
      wordsPerMinute: a.wordsPerMinute,
      transcriber: input.transcriber,
      transcript: input.words
        .filter((w) => w.speaker === owner.speaker || input.isConversational)
        .map((w) => w.text)
        .join(' '),
      features: { ...a.features, positiveVibesMean: round1(posAvg), negativeVibesMean: round1(negAvg) },
      vibes: a.vibes,
      speakers: input.speakers.map((s) => ({ speaker: s.speaker, talkSeconds: round3(s.analysis.speechDuration), turns: s.turns })),
      wordConfidence,
      labels,
    },
  };
  return ZResultsSchema.parse(results);
}

/**
 * The owner's uncertain words, and per word-spotting phrase how many of its counted utterances rest
 * on them: an utterance does when a word of it (a transcript word whose middle lies in its span) is uncertain.
 */
function measureWordConfidence(
  own: readonly TTranscriptItem[],
  spottedHits: Record<string, readonly { from: number; to: number }[]>,
): NonNullable<TResults['data']['wordConfidence']> {
  const words = own.filter((w) => w.type !== 'punctuation' && !w.isPunctuation);
  const unsure = words.filter(isUncertainWord);
  const restsOnUnsure = (h: { from: number; to: number }) =>
    unsure.some((w) => (w.start + w.end) / 2 >= h.from - 0.01 && (w.start + w.end) / 2 <= h.to + 0.01);
  return {
    threshold: UNCERTAIN_WORD_CONFIDENCE,
    words: words.length,
    uncertain: unsure.length,
    mostlyUncertain: isMostlyUncertain(words),
    wordSpotting: Object.fromEntries(Object.entries(spottedHits).map(([phrase, hits]) => [phrase, hits.filter(restsOnUnsure).length])),
  };
}

function label<T>(v: number | null, f: (v: number) => T): T | null {
  return v === null ? null : f(v);
}
function avg(xs: number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
}
function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
