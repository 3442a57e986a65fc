import type { TDb } from '../../db/client.js';
import { coachOnlyScorecardInForce } from '../../auth/policies.js';
import type { TAssignmentFullRow } from './assignments.repository.js';
import type { TAssignmentProgress, TViewer } from './presenter.js';
import { loadAssignmentProgress } from './progress/progress.loader.js';

// The entity's counts and the caller's completionStatus come from the progress module: members
// the caller may see and, of their recordings, those the caller may hear.
export async function progressFor(db: TDb, viewer: TViewer, rows: readonly TAssignmentFullRow[]): Promise<TAssignmentProgress> {
  return loadAssignmentProgress(
    db,
    rows.map(({ a, scorecard }) => ({
      id: a.id,
      groupId: a.groupId,
      isTemplate: a.isTemplate,
      deactivated: a.deactivated,
      criteria: a.criteria,
      dueAt: a.dueAt,
      archived: a.archived,
      coachOnlyScorecard: coachOnlyScorecardInForce(a.criteria, scorecard),
    })),
    viewer.auth,
  );
}
