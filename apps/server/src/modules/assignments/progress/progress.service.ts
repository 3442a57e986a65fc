import {
  ASSIGNMENT_MSG,
  ERROR_CODES,
  type TAssignmentMemberColumn,
  type TAssignmentMembers,
  type TGroupSharedRecordings,
} from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import type { TAuth } from '../../../auth/auth-context.js';
import { assertCanListPeerRecordings, coachOnlyScorecardInForce, type TAssignmentMemberView } from '../../../auth/policies.js';
import { forbidden, notFound } from '../../../errors.js';
import { findAssignmentInOrg } from '../assignments.repository.js';
import { findOrganisation } from '../../org/index.js';
import { listGroupRecordings } from '../../recordings/index.js';
import { sharedRecordingsOf } from '../../groups/index.js';
import { computeAssignmentProgress } from './progress.loader.js';
import { presentMember } from './member-row.js';
import { listMembersOf } from './progress.repository.js';

// The details page's member table (002 section 2.6) and the speakers' shared-recordings page of an
// assignment (002 section 2.8). Who sees which rows, columns and recordings is policies.ts's
// (assignmentMemberView, recordingAccess, feedbackVisible, peerListVisible); this only presents.

/**
 * An assignment of the caller's organisation that has members: not a template, not deleted. With
 * the organisation's Assignments setting off, refused as every assignment call is.
 */
async function findAssignedAssignment(deps: TDeps, auth: TAuth, assignmentId: string) {
  const [found, org] = await Promise.all([findAssignmentInOrg(deps.db, auth.orgId, assignmentId), findOrganisation(deps.db, auth.orgId)]);
  if (!org?.settings.Assignments) throw forbidden(ASSIGNMENT_MSG.assignmentsOff, ERROR_CODES.assignmentsDisabled);
  if (!found || found.a.isTemplate || !found.a.groupId) throw notFound();
  return { ...found, groupId: found.a.groupId, assignmentsOn: true };
}

function hiddenColumns(view: TAssignmentMemberView): TAssignmentMemberColumn[] {
  const hidden: TAssignmentMemberColumn[] = [];
  if (!view.showRecordingsColumn) hidden.push('recordings');
  if (view.flaggedOrSharedColumn !== 'flagged') hidden.push('flagged');
  if (view.flaggedOrSharedColumn !== 'shared') hidden.push('shared');
  return hidden;
}

/**
 * GET assignments/{id}/members. Coaches of the group and org admins get every member; a speaker
 * the assignment is for gets their own row and the peers their speaker privacy level shows.
 * Anyone else, templates, deleted assignments and other organisations': not found. Archived
 * assignments keep their members.
 */
export async function listAssignmentMembers(deps: TDeps, auth: TAuth, assignmentId: string): Promise<TAssignmentMembers> {
  const found = await findAssignedAssignment(deps, auth, assignmentId);
  const a = found.a;
  const progress = await computeAssignmentProgress(
    deps.db,
    [{ ...a, coachOnlyScorecard: coachOnlyScorecardInForce(a.criteria, found.scorecard) }],
    auth,
  );
  const p = progress.get(a.id)!;
  if (p.view.variant === 'none') throw notFound();
  const { view } = p;
  return {
    assignmentId: a.id,
    view: {
      variant: view.variant as 'coach' | 'speaker',
      peers: view.peers,
      userCountHidden: view.userCountHidden,
      flaggedFilter: view.flaggedOrSharedColumn,
    },
    hiddenColumns: hiddenColumns(view),
    noActiveUsers: p.members.length === 0,
    members: p.members.map((m) => presentMember(deps, auth, view, m)),
  };
}

/**
 * GET assignments/{id}/shared-recordings (002 section 2.8): for a speaker the assignment is for,
 * the other members and what each shared with the group in this assignment, by the rules of the
 * group's shared-recordings list (peerListVisible): every member at speaker levels 1 and 2, those
 * who shared at 3, peer sharing off at 0 and 4. Coaches of the group are refused as there.
 */
export async function listAssignmentSharedRecordings(deps: TDeps, auth: TAuth, assignmentId: string): Promise<TGroupSharedRecordings> {
  const found = await findAssignedAssignment(deps, auth, assignmentId);
  const standing = await assertCanListPeerRecordings(deps.db, auth, found.groupId);
  const members = await listMembersOf(deps.db, [found.a.id]);
  if (!members.some((m) => m.userId === auth.userId)) throw notFound();
  if (standing.visible === 'disabled') return { peerSharing: false, speakers: [] };
  const rows = await listGroupRecordings(deps.db, found.groupId, auth.userId, 'shared');
  return sharedRecordingsOf(
    auth,
    standing,
    members,
    rows.filter((row) => row.r.assignmentId === found.a.id),
    found.assignmentsOn,
  );
}
