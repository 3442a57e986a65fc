import type { TMemberAssignments } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { notFound } from '../../errors.js';
import { findMembership } from '../memberships/index.js';
import { computeAssignmentProgress, presentMember } from '../assignments/index.js';
import { loadCoachedGroup, loadGroupProgress } from './group-assignments.js';

// GET groups/{id}/members/{userId}/assignments (002 section 2.2): a member row of the coach
// dashboard expanded. Each row is the member's row of GET assignments/{id}/members (the same
// loader and presenter), so the privacy cuts are the details page's.

export async function getMemberAssignments(deps: TDeps, auth: TAuth, groupId: string, userId: string): Promise<TMemberAssignments> {
  await loadCoachedGroup(deps, auth, groupId);
  if (!(await findMembership(deps.db, userId, groupId))) throw notFound();
  const list = await loadGroupProgress(deps, groupId, (l) => computeAssignmentProgress(deps.db, l, auth, new Date(), userId));
  const assignments: TMemberAssignments['assignments'] = [];
  for (const { row, continuous, progress } of list) {
    const m = progress.members.find((x) => x.userId === userId);
    if (!m) continue;
    const p = presentMember(deps, auth, progress.view, m);
    assignments.push({
      assignmentId: row.a.id,
      name: row.a.name,
      archived: row.a.archived,
      deleted: !!row.a.deletedAt,
      continuous,
      createdDate: row.a.createdAt.toISOString(),
      status: p.completionStatus.status,
      dueAt: row.a.dueAt?.toISOString() ?? null,
      overdue: p.overdue,
      lastUpload: p.lastUpload,
      recordingsCount: p.recordings.length,
      submittedCount: p.recordings.filter((r) => r.submitted).length,
      sharedCount: p.recordings.filter((r) => r.feedbackRequested).length,
      feedbackCount: p.feedbackCount,
      ratingColumn: p.ratingColumn,
      showCoachRating: p.showCoachRating,
      recordings: p.recordings,
    });
  }
  return { groupId, userId, assignments };
}
