import type { TDb } from '../../db/client.js';
import type { TAssignmentFullRow } from './assignments.repository.js';
import type { TAssignmentProgress, TViewer } from './presenter.js';

// Where the entity's counts and the caller's completionStatus come from: the progress module
// (modules/assignments/progress, branch i13-progress). Until it is merged nothing is computed
// here: counts stay zero and completionStatus null.
export async function progressFor(_db: TDb, _viewer: TViewer, _rows: readonly TAssignmentFullRow[]): Promise<TAssignmentProgress> {
  return new Map();
}
