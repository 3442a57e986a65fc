import {
  COMPARE_LIMITS,
  OWN_RECORDINGS,
  compareValue,
  judgeTakeChange,
  ownerScores,
  type TCompareMetric,
  type TRecording,
  type TResults,
  type TSpeakerScores,
  type TTakeChange,
} from '@rostrum/contract';
import { isApiError } from '../../api/http-client';

// What the compare page makes of each recording in its address: a take it can show, or the reason
// it cannot. The server decided access (GET recordings/{id}); this only reads the answer.

export const COMPARE_TEXT = {
  title: 'Compare takes',
  lead: 'Each later take is judged against the first (the earliest) by the ideal band of every score.',
  tooFew: `Pick ${COMPARE_LIMITS.min} to ${COMPARE_LIMITS.max} analysed recordings to compare`,
  tooFewText: `Tick them on ${OWN_RECORDINGS}, or open a recording and use "Compare with previous take".`,
  needTwo: 'At least two analysed recordings are needed to compare.',
  notFound: 'This recording could not be found. It may have been deleted, or you may not have permission to see it.',
  cannotHear: 'You do not have permission to hear this recording.',
  notAnalysed: 'This recording has no results yet, so it cannot be compared.',
  noScores: 'There were no metrics calculated for this recording.',
  failed: 'This recording could not be loaded. Please try again.',
} as const;

export interface TTake {
  recording: TRecording;
  results: TResults;
  scores: TSpeakerScores;
}

export type TTakeLoad =
  | { id: string; kind: 'loading' }
  | { id: string; kind: 'take'; take: TTake }
  | { id: string; kind: 'problem'; title: string | null; message: string };

/** One recording's query answer as a take, or why it cannot be one. */
export function takeLoad(id: string, q: { data?: TRecording; error: unknown; isPending: boolean }): TTakeLoad {
  if (q.isPending) return { id, kind: 'loading' };
  const r = q.data;
  if (!r) {
    const missing = isApiError(q.error) && [400, 403, 404].includes(q.error.status);
    return { id, kind: 'problem', title: null, message: missing ? COMPARE_TEXT.notFound : COMPARE_TEXT.failed };
  }
  if (!r.access.canHear) return { id, kind: 'problem', title: r.title, message: COMPARE_TEXT.cannotHear };
  if (r.state !== 'done' || !r.results) return { id, kind: 'problem', title: r.title, message: COMPARE_TEXT.notAnalysed };
  const scores = ownerScores(r.results, r.speakerNum);
  if (!scores || scores.isEmptyResults) return { id, kind: 'problem', title: r.title, message: COMPARE_TEXT.noScores };
  return { id, kind: 'take', take: { recording: r, results: r.results, scores } };
}

/** The takes in date order: the earliest is the one the others are judged against. */
export function takesInOrder(loads: readonly TTakeLoad[]): TTake[] {
  return loads
    .flatMap((l) => (l.kind === 'take' ? [l.take] : []))
    .sort((a, b) => Date.parse(a.recording.createdDate) - Date.parse(b.recording.createdDate));
}

export interface TCompareCell {
  value: number | null;
  /** Null for the first take. */
  change: TTakeChange | null;
}

/** One row of the table: every take's value of the metric, each later one judged against the first by its own ideal band (results.ideals). */
export function compareRow(key: TCompareMetric, takes: readonly TTake[]): TCompareCell[] {
  const first = takes[0];
  const base = first ? compareValue(key, first.scores) : null;
  return takes.map((t, i) => {
    const value = compareValue(key, t.scores);
    return { value, change: i === 0 ? null : judgeTakeChange(base, value, t.results.ideals[key] ?? first?.results.ideals[key]) };
  });
}
