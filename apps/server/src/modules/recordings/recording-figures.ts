import { speakersFound, type TResults, vibeScore } from '@rostrum/contract';

/**
 * The columns a recording row keeps from its Results, for the lists, dashboards, reports and
 * emails that read rows rather than Results: derived here and nowhere else, from the contract's
 * owner-figures rules, so a list never shows a figure the results page does not (issue 39).
 * Written with every analysis and re-analysis, and again when the owner claims another speaker.
 */
export function recordingFigures(results: TResults, speakerNum: number | null): { overallScore: number | null; numSpeakers: number } {
  return { overallScore: vibeScore(results, speakerNum), numSpeakers: speakersFound(results) };
}
