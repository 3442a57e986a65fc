import type { TAssignment } from '@rostrum/contract';
import type { z } from 'zod';
import type { ZReorderAssignmentsBodySchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanManageGroup } from '../../auth/policies.js';
import { badRequest, notFound } from '../../errors.js';
import { setSortOrders } from './assignments.repository.js';
import { listAssignments } from './templates.js';
import { assertAssignmentsOn } from './access.js';
import { loadViewer } from './presenter.js';

// The reorder page (002 section 2.3): the group's coaches set sortOrder, which every list
// honours (compareAssignments). Ids of other groups are not found.

export async function reorderGroupAssignments(
  deps: TDeps,
  auth: TAuth,
  groupId: string,
  body: z.output<typeof ZReorderAssignmentsBodySchema>,
): Promise<TAssignment[]> {
  await assertCanManageGroup(deps.db, auth, groupId);
  assertAssignmentsOn(await loadViewer(deps.db, auth));
  const ids = new Set(body.assignments.map((a) => a.assignmentId));
  if (ids.size !== body.assignments.length) throw badRequest('Each assignment is listed once');
  await deps.db.transaction(async (tx) => {
    const changed = await setSortOrders(tx, groupId, body.assignments);
    if (changed !== ids.size) throw notFound();
  });
  return listAssignments(deps, auth, { scope: 'group', groupId });
}
