import type { TClarityPart, TMetricKey, TMetricTimestamps, TSpan, TSpeakerScores, TVibe, TVibeExplanation } from '@rostrum/contract';
import { totalDuration } from '../signal/voice-activity.js';
import { measureClarity } from './clarity.metric.js';
import { measureOpening } from './opening.metric.js';
import { measureOverall } from './overall.metric.js';
import { measurePace } from './pace.metric.js';
import { measurePausing } from './pausing.metric.js';
import { measureReading } from './reading.metric.js';
import { round } from './score-bands.js';
import { splitSegments } from './segments.js';
import type { TSpeechTrack } from './speech-track.js';
import { measureUpspeak, type TPhraseEnd } from './upspeak.metric.js';
import { measurePaceVariety, measurePitchVariety, measureVolumeVariety } from './variety.metric.js';
import { normalise, normaliseUnit, scoreVibes, type TVibeFeature, type TVibeFeatures } from './vibes.model.js';
import { spotWords } from './word-spotting.metric.js';

export interface TSpeakerAnalysis {
  scores: TSpeakerScores;
  timestamped: Partial<Record<TMetricKey, TMetricTimestamps>>;
  vibeSpans: Partial<Record<TVibe, TSpan[]>>;
  vibes: Record<TVibe, TVibeExplanation>;
  features: Record<string, number>;
  syllables: number;
  wordsPerMinute: number | null;
  speechDuration: number;
  fillersPerMinute: number;
  phraseEnds: TPhraseEnd[];
  /** Clarity's parts, each 0-1 (`recognised` only with a transcript). */
  clarityParts: Partial<Record<TClarityPart, number>>;
  /** Where each word-spotting phrase was heard (its counted utterances). */
  spottedHits: Record<string, TSpan[]>;
}

/** Every single-speaker metric for one speaker's track (conversation fields left null). */
export function scoreSpeaker(track: TSpeechTrack, wordSpotting: readonly string[]): TSpeakerAnalysis {
  const segments = splitSegments(track);
  const speechDuration = totalDuration(track.speech);
  const minutes = Math.max(1 / 6, (speechDuration + totalDuration(track.pauses)) / 60);
  const pace = measurePace(track, segments);
  const pausing = measurePausing(track, segments);
  const upspeak = measureUpspeak(track);
  const pitchV = measurePitchVariety(track, segments);
  const volumeV = measureVolumeVariety(track, segments);
  const paceV = measurePaceVariety(segments);
  const opening = measureOpening(track);
  const clarity = measureClarity(track, pace.pace);
  const spotted = spotWords(track.words, wordSpotting, track.keywordHits);
  const fillersPerMinute = spotted.fillers / minutes;
  const reading = measureReading({
    paceVariation: paceV.variety.value,
    fillersPerMinute,
    runLengths: track.speech.map((s) => s.to - s.from),
    pitchVariety: pitchV.variety.value,
  });
  const { overall } = measureOverall({
    pace: pace.pace,
    pauseToTalk: pausing.pauseToTalk,
    upspeak: upspeak.upspeak,
    varietyPitchInBand: pitchV.variety.inBand,
    varietyVolumeInBand: volumeV.variety.inBand,
    varietyPaceInBand: paceV.variety.inBand,
    strengthOfOpening: opening.strengthOfOpening,
    clarity: clarity.clarity,
    fillersPerMinute,
  });
  const features: TVibeFeatures = {
    pitchVariety: normalise(pitchV.variety.value, 1.5, 4.5),
    volumeVariety: normalise(volumeV.variety.value, 2.5, 7.5),
    paceRate: normalise(pace.pace, 3, 5.5),
    paceVariety: normalise(paceV.variety.value, 5, 25),
    pausing: normalise(pausing.pauseToTalk, 10, 50),
    longPauses: normaliseUnit(pausing.longPauses / minutes, 2),
    upspeak: normaliseUnit(upspeak.upspeak, 30),
    fillers: normaliseUnit(fillersPerMinute, 6),
    projection: normalise(clarity.signalToNoise, 20, 50),
    opening: normalise(opening.strengthOfOpening, 0, 10),
    clarity: normalise(clarity.clarity, 0, 10),
    reading: normalise(reading, 0, 100),
  };
  const vibes = scoreVibes(features);
  const isEmptyResults = speechDuration < 1 || pace.syllables < 3;
  const fillerSpans = Object.values(spotted.hits)[0] ?? [];
  const featureSpans: Record<TVibeFeature, TSpan[]> = {
    pitchVariety: pitchV.hotSpots,
    volumeVariety: volumeV.hotSpots,
    paceRate: pace.hotSpots,
    paceVariety: paceV.hotSpots,
    pausing: pausing.hotSpots,
    longPauses: pausing.hotSpots.filter((s) => s.spread > 0),
    upspeak: upspeak.hotSpots,
    fillers: fillerSpans,
    projection: [],
    opening: [{ from: opening.from, to: opening.to, spread: round(opening.strengthOfOpening - 5, 1) }],
    clarity: [],
    reading: [],
  };
  const vibeSpans: Partial<Record<TVibe, TSpan[]>> = {};
  for (const [vibe, e] of Object.entries(vibes) as [TVibe, TVibeExplanation][]) {
    const top = e.contributions.find((c) => featureSpans[c.feature as TVibeFeature].length > 0 && c.points !== 0);
    vibeSpans[vibe] = top ? featureSpans[top.feature as TVibeFeature] : [];
  }
  const vibeScores = Object.fromEntries(Object.entries(vibes).map(([k, v]) => [k, v.score])) as Record<TVibe, number>;
  // Each hit names its phrase, so the results page can show one phrase's hot spots.
  const wordSpotSegments = Object.entries(spotted.hits)
    .flatMap(([phrase, spans]) => spans.map((span) => ({ ...span, label: phrase })))
    .sort((a, b) => a.from - b.from);
  return {
    scores: {
      overall,
      strengthOfOpening: opening.strengthOfOpening,
      clarity: clarity.clarity,
      pace: pace.pace,
      pauseToTalk: pausing.pauseToTalk,
      upspeak: upspeak.upspeak,
      reading,
      varietyVolume: volumeV.variety,
      varietyPace: paceV.variety,
      varietyPitch: pitchV.variety,
      talkVsListen: null,
      convoSwitches: null,
      questions: null,
      waitTime: null,
      wordSpotting: spotted.counts,
      vibes: vibeScores,
      isEmptyResults,
    },
    timestamped: {
      pace: { hotSpots: pace.hotSpots, segments: pace.segments },
      pauseToTalk: { hotSpots: pausing.hotSpots, segments: pausing.segments },
      upspeak: {
        hotSpots: upspeak.hotSpots,
        segments: upspeak.phraseEnds.map((p) => ({ from: p.phrase.from, to: p.phrase.to, spread: p.rise })),
      },
      // The questions told apart from statements (left out of upspeak), kept as segments; the
      // conversational algorithm replaces them with its own count's spans (report/build-results.ts).
      questions: { hotSpots: [], segments: upspeak.questions.map((q) => ({ from: round(q.from, 2), to: round(q.to, 2), spread: 0 })) },
      varietyPitch: { hotSpots: pitchV.hotSpots, segments: pitchV.segments },
      varietyVolume: { hotSpots: volumeV.hotSpots, segments: volumeV.segments },
      varietyPace: { hotSpots: paceV.hotSpots, segments: paceV.segments },
      strengthOfOpening: {
        hotSpots: [{ from: opening.from, to: opening.to, spread: round(opening.strengthOfOpening - 7, 1) }],
        segments: [{ from: opening.from, to: opening.to, spread: 0 }],
      },
      clarity: { hotSpots: [], segments: [] },
      overall: { hotSpots: [], segments: [] },
      wordSpotting: { hotSpots: wordSpotSegments, segments: wordSpotSegments },
    },
    vibeSpans,
    vibes,
    features: {
      ...Object.fromEntries(Object.entries(features).map(([k, v]) => [`vibe.${k}`, round(v, 3)])),
      syllableDipDb: clarity.syllableDip,
      signalToNoiseDb: clarity.signalToNoise,
      ...Object.fromEntries(Object.entries(clarity.parts).map(([k, v]) => [`clarity.${k}`, round(v, 3)])),
      pauseCount: pausing.pauseCount,
      longPauses: pausing.longPauses,
      meanPauseSeconds: pausing.meanPause,
      phraseEnds: upspeak.phraseEnds.length,
      risingEnds: upspeak.phraseEnds.filter((p) => p.rising).length,
      questionEnds: upspeak.questions.length,
      fillersPerMinute: round(fillersPerMinute, 2),
      wordSpottingAcousticOnly: spotted.acousticOnly,
      speechSeconds: round(speechDuration, 2),
    },
    syllables: pace.syllables,
    wordsPerMinute: pace.wordsPerMinute,
    speechDuration,
    fillersPerMinute,
    phraseEnds: upspeak.phraseEnds,
    clarityParts: clarity.parts,
    spottedHits: spotted.hits,
  };
}
