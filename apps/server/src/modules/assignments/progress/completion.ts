import type { TAssignmentCriteria, TCompletionStatus, TMemberCompletion } from '@rostrum/contract';

// A member's completion of an assignment (002 sections 3 and 4), pure: the facts come from the
// member's recordings in the assignment (not deleted, not failed); each enabled criterion is met
// or not, a disabled one is null. No recordings: assigned ("Not Started"); every enabled
// criterion met: completed; otherwise in progress.

/** What the member's recordings in the assignment show. */
export interface TCompletionFacts {
  recordingsCount: number;
  /** Best automated overall (Vibe) score of any of them; null when none is scored yet. */
  bestScore: number | null;
  /** Best average overall rating one of them received; null when none is rated. */
  bestAverageRating: number | null;
  /** One of them is flagged for coach review (submitted). */
  anySubmitted: boolean;
  /** One of them is shared with the group (feedbackRequested). */
  anyShared: boolean;
  /** The member commented on one of their own. */
  anySelfComment: boolean;
}

export type { TMemberCompletion };

export const NO_FACTS: TCompletionFacts = {
  recordingsCount: 0,
  bestScore: null,
  bestAverageRating: null,
  anySubmitted: false,
  anyShared: false,
  anySelfComment: false,
};

type TCriteriaFacts = Pick<
  TAssignmentCriteria,
  | 'minRecordings'
  | 'minRecordingsCount'
  | 'minRating'
  | 'minRatingNum'
  | 'minScore'
  | 'minScoreNum'
  | 'managerReview'
  | 'shareRecording'
  | 'selfCommentary'
>;

const atLeast = (value: number | null, min: number | undefined) => value !== null && value >= (min ?? 0);

export function memberCompletion(criteria: Partial<TCriteriaFacts>, facts: TCompletionFacts): TMemberCompletion {
  const c = criteria;
  const per = {
    minRecordings: c.minRecordings ? facts.recordingsCount >= (c.minRecordingsCount ?? 1) : null,
    minRating: c.minRating ? atLeast(facts.bestAverageRating, c.minRatingNum) : null,
    minScore: c.minScore ? atLeast(facts.bestScore, c.minScoreNum) : null,
    managerReview: c.managerReview ? facts.anySubmitted : null,
    shareRecording: c.shareRecording ? facts.anyShared : null,
    selfCommentary: c.selfCommentary ? facts.anySelfComment : null,
  };
  let status: TCompletionStatus = 'inProgress';
  if (facts.recordingsCount === 0) status = 'assigned';
  else if (Object.values(per).every((v) => v !== false)) status = 'completed';
  return { status, ...per };
}

/** Folds one recording into a member's facts (the loader's step per recording). */
export function addRecordingFacts(
  f: TCompletionFacts,
  r: { overallScore: number | null; averageRating: number | null; submitted: boolean; feedbackRequested: boolean; selfComment: boolean },
): TCompletionFacts {
  const max = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  return {
    recordingsCount: f.recordingsCount + 1,
    bestScore: max(f.bestScore, r.overallScore),
    bestAverageRating: max(f.bestAverageRating, r.averageRating),
    anySubmitted: f.anySubmitted || r.submitted,
    anyShared: f.anyShared || r.feedbackRequested,
    anySelfComment: f.anySelfComment || r.selfComment,
  };
}
