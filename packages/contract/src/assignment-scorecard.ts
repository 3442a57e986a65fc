import { ASSIGNMENT_LIMITS } from './assignment-criteria.js';
import { ASSIGNMENT_MSG, customQuestionId, PRESET_QUESTION_IDS, type TScorecardQuestion } from './assignment.js';
import { CORE_SCORES } from './constants.js';
import { ERROR_CODES } from './error-codes.js';

// The scorecard step's rules (002 section 5), one pure function the editor and the server share:
// ratings labelled "please delete" are dropped; none may stay "New Rating"; custom rating ids
// derive from their names and must differ; the four presets stay, keep their names and come
// first (custom ratings never above position 5); Overall is never hidden.

export type TScorecardCheck =
  | { ok: true; questions: TScorecardQuestion[] }
  | {
      ok: false;
      code:
        | typeof ERROR_CODES.scorecardUnnamedRating
        | typeof ERROR_CODES.scorecardDuplicateRating
        | typeof ERROR_CODES.scorecardInvalidRatings;
      message: string;
    };

const NEW_RATING = 'new rating';
const PLEASE_DELETE = 'please delete';

/** Checks and cleans a scorecard's questions: ids from names, order 0..n-1 as given by `order`. */
export function checkScorecardQuestions(input: readonly TScorecardQuestion[]): TScorecardCheck {
  const invalid = { ok: false as const, code: ERROR_CODES.scorecardInvalidRatings, message: ASSIGNMENT_MSG.invalidRatings };
  const kept = [...input]
    .map((q) => ({ ...q, label: q.label.trim(), description: q.description.trim() }))
    .filter((q) => q.preset || q.label.toLowerCase() !== PLEASE_DELETE)
    .sort((a, b) => a.order - b.order);
  if (kept.some((q) => !q.preset && q.label.toLowerCase() === NEW_RATING))
    return { ok: false, code: ERROR_CODES.scorecardUnnamedRating, message: ASSIGNMENT_MSG.unnamedRating };
  if (kept.some((q) => q.label.length === 0 || q.label.length > ASSIGNMENT_LIMITS.ratingNameMax)) return invalid;
  if (kept.some((q) => q.description.length > ASSIGNMENT_LIMITS.ratingDescriptionMax)) return invalid;
  // The presets: each once, under its own id and name, first; Overall visible.
  const presets = kept.filter((q) => q.preset);
  if (presets.length !== CORE_SCORES.length) return invalid;
  for (const core of CORE_SCORES) {
    const q = presets.find((p) => p.id === core.apiName);
    if (!q || q.label !== core.label) return invalid;
    if (core.apiName === 'scoreOverall' && q.hidden) return invalid;
  }
  const top = ASSIGNMENT_LIMITS.customRatingTopPosition - 1;
  if (kept.some((q, i) => (q.preset ? i >= top : i < top))) return invalid;
  if (kept.length > ASSIGNMENT_LIMITS.ratingsMax) return invalid;
  // Custom ids from names; a name giving an id already taken (a preset's name too) is a duplicate.
  const taken = new Set(presets.map((p) => customQuestionId(p.label)).concat(PRESET_QUESTION_IDS));
  const questions: TScorecardQuestion[] = [];
  for (const [order, q] of kept.entries()) {
    if (q.preset) {
      questions.push({ ...q, order });
      continue;
    }
    const id = customQuestionId(q.label);
    if (taken.has(id)) return { ok: false, code: ERROR_CODES.scorecardDuplicateRating, message: ASSIGNMENT_MSG.duplicateRating(q.label) };
    taken.add(id);
    questions.push({ ...q, id, order });
  }
  return { ok: true, questions };
}
