import {
  ASSIGNMENT_LIMITS,
  checkScorecardQuestions,
  customQuestionId,
  scorecardQuestions,
  type TScorecard,
  type TScorecardQuestion,
} from '@rostrum/contract';

// The scorecard step's editing rules (002 section 5, Scorecard) as pure functions over the rows
// the page edits: the four presets are fixed (no rename, no delete, Overall always shown),
// custom ratings start as "New Rating", move up and down but never above position 5, and the
// check before saving drops "please delete" ratings and refuses unnamed and duplicate names.

export const NEW_RATING_LABEL = 'New Rating';
const OVERALL_ID = 'scoreOverall';

export interface TRatingRow {
  /** A stable key for the list while names (and so ids) change. */
  key: string;
  label: string;
  description: string;
  preset: boolean;
  hidden: boolean;
  /** The name it was saved under; null for a rating added since the last save. */
  savedLabel: string | null;
  /** The saved id (presets: the core score's name). */
  id: string;
}

let seq = 0;
const nextKey = () => `rating-${++seq}`;

/** The rows of a saved scorecard, or the four presets for an assignment without one. */
export function ratingRows(scorecard: Pick<TScorecard, 'questions'> | null): TRatingRow[] {
  const questions = scorecard?.questions.length ? scorecard.questions : scorecardQuestions([]);
  return [...questions]
    .sort((a, b) => a.order - b.order)
    .map((q) => ({
      key: nextKey(),
      id: q.id,
      label: q.label,
      description: q.description,
      preset: q.preset,
      hidden: q.id === OVERALL_ID ? false : q.hidden,
      savedLabel: q.label,
    }));
}

/** Appends a custom rating named "New Rating" (at most ASSIGNMENT_LIMITS.ratingsMax in all). */
export function addRating(rows: readonly TRatingRow[]): TRatingRow[] {
  if (rows.length >= ASSIGNMENT_LIMITS.ratingsMax) return [...rows];
  return [...rows, { key: nextKey(), id: '', label: NEW_RATING_LABEL, description: '', preset: false, hidden: false, savedLabel: null }];
}

/** The first index (0-based) a custom rating may take: position 5, after the presets. */
const FIRST_CUSTOM_INDEX = ASSIGNMENT_LIMITS.customRatingTopPosition - 1;

export function canMoveUp(rows: readonly TRatingRow[], index: number): boolean {
  const row = rows[index];
  return !!row && !row.preset && index - 1 >= FIRST_CUSTOM_INDEX && !rows[index - 1]?.preset;
}

export function canMoveDown(rows: readonly TRatingRow[], index: number): boolean {
  const row = rows[index];
  return !!row && !row.preset && index + 1 < rows.length;
}

/** Moves a custom rating one place up (-1) or down (+1) when the rules allow it. */
export function moveRating(rows: readonly TRatingRow[], index: number, dir: -1 | 1): TRatingRow[] {
  if (dir === -1 ? !canMoveUp(rows, index) : !canMoveDown(rows, index)) return [...rows];
  const out = [...rows];
  const [row] = out.splice(index, 1);
  out.splice(index + dir, 0, row!);
  return out;
}

/** Removes a custom rating; presets stay. */
export function removeRating(rows: readonly TRatingRow[], key: string): TRatingRow[] {
  return rows.filter((r) => r.key !== key || r.preset);
}

/** Changes a rating; a preset keeps its name, Overall is never hidden. */
export function updateRating(
  rows: readonly TRatingRow[],
  key: string,
  patch: Partial<Pick<TRatingRow, 'label' | 'description' | 'hidden'>>,
): TRatingRow[] {
  return rows.map((r) => {
    if (r.key !== key) return r;
    const next = { ...r, ...patch };
    if (r.preset) next.label = r.label;
    if (r.id === OVERALL_ID) next.hidden = false;
    return next;
  });
}

/** Whether a saved custom rating's name changed (the rename warning shows). */
export function renamed(row: TRatingRow): boolean {
  return !row.preset && row.savedLabel !== null && row.label.trim() !== row.savedLabel;
}

export type TScorecardCheck = { ok: true; questions: TScorecardQuestion[] } | { ok: false; message: string };

/** The message when a rating has no name at all (the spec names only "New Rating"). */
export const EMPTY_RATING_NAME = 'Please give every rating a name.';

/**
 * The check before saving: the rows as questions in the order shown, an empty name refused here,
 * then the contract's checkScorecardQuestions (the server's own check): "please delete" ratings
 * dropped, the spec's alerts for "New Rating" and for duplicate names (ids derive from names, so
 * "STORY telling" and "Storytelling" are the same), ids and order set.
 */
export function checkScorecard(rows: readonly TRatingRow[]): TScorecardCheck {
  if (rows.some((r) => !r.preset && r.label.trim() === '')) return { ok: false, message: EMPTY_RATING_NAME };
  const result = checkScorecardQuestions(
    rows.map((r, order) => ({
      id: r.preset ? r.id : customQuestionId(r.label.trim()),
      label: r.label,
      description: r.description,
      order,
      preset: r.preset,
      hidden: r.id === OVERALL_ID ? false : r.hidden,
    })),
  );
  return result.ok ? { ok: true, questions: result.questions } : { ok: false, message: result.message };
}
