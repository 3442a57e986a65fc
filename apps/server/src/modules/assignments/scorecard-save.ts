import { checkScorecardQuestions, type TAssignment, type TSaveScorecardBody } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { badRequest } from '../../errors.js';
import { upsertScorecard } from './assignments.repository.js';
import { assertCanEditCriteria, loadVisible, presentOne } from './access.js';

// The editor's scorecard step (002 section 5): templates only; the rules are the contract's
// checkScorecardQuestions, the same the editor runs before saving.

export async function saveScorecard(deps: TDeps, auth: TAuth, assignmentId: string, body: TSaveScorecardBody): Promise<TAssignment> {
  const l = await loadVisible(deps, auth, assignmentId);
  assertCanEditCriteria(l);
  const checked = checkScorecardQuestions(body.scorecard.questions);
  if (!checked.ok) throw badRequest(checked.message, checked.code);
  await upsertScorecard(deps.db, assignmentId, checked.questions, body.scorecard.coachOnlyScorecard);
  return presentOne(deps.db, l.viewer, assignmentId);
}
