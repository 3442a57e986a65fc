import { memberAssignmentMatchesFilter, normaliseCriteria, type TSpeakerAssignmentCard, type TSpeakerDashboard } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { coachOnlyScorecardInForce, isActiveSpeakerIn, memberRowVisible, peerListVisible, recordingAccess } from '../../auth/policies.js';
import { canHearWith } from '../recordings/index.js';
import { tallyPeerSharedRecordings } from './dashboards.repository.js';
import {
  assertAssignmentsOn,
  computeAssignmentProgress,
  groupBy,
  judge,
  listAllForSpeaker,
  listGroupsWithMembership,
  listTargets,
  loadViewer,
} from '../assignments/index.js';
import { getLibrary } from './library.service.js';
import type { DashboardCache } from './dashboard-cache.js';

// GET me/dashboard (002 section 2.4): the caller's assignments by group, each with their own
// completion and counts, and the four stats over their own recordings (My Library's rows, so the
// two views agree). The caller's own progress comes from the assignment progress loader for them
// alone; Peer Recordings counts what peers shared in it that the caller may hear, in the peer rows
// the member table shows them (recordingAccess, memberRowVisible); null where peer sharing is off
// (peerListVisible 'disabled').

/**
 * The speaker dashboard; `cache` may serve the caller's figures of the last few seconds
 * (DashboardCache), never their permission, checked on every call.
 */
export async function getSpeakerDashboard(deps: TDeps, auth: TAuth, cache?: DashboardCache): Promise<TSpeakerDashboard> {
  const viewer = await loadViewer(deps.db, auth);
  assertAssignmentsOn(viewer);
  const compute = () => computeSpeakerDashboard(deps, auth, viewer);
  return cache ? cache.get(auth, 'me/dashboard', compute) : compute();
}

async function computeSpeakerDashboard(
  deps: TDeps,
  auth: TAuth,
  viewer: Awaited<ReturnType<typeof loadViewer>>,
): Promise<TSpeakerDashboard> {
  const now = new Date();
  const rows = await listAllForSpeaker(deps.db, auth.userId, auth.orgId);
  const ids = rows.map((r) => r.a.id);
  const groupIds = [...new Set(rows.map((r) => r.a.groupId!))];
  const [targets, progress, peerShared, groups, library] = await Promise.all([
    listTargets(deps.db, ids),
    computeAssignmentProgress(
      deps.db,
      rows.map((r) => ({ ...r.a, coachOnlyScorecard: coachOnlyScorecardInForce(r.a.criteria, r.scorecard) })),
      auth,
      now,
      auth.userId,
    ),
    tallyPeerSharedRecordings(deps.db, ids, auth.userId),
    groupIds.length ? listGroupsWithMembership(deps.db, groupIds, auth.userId) : Promise.resolve([]),
    getLibrary(deps, auth),
  ]);
  const targetsOf = groupBy(targets, (t) => t.assignmentId);
  const groupsById = new Map(groups.map((g) => [g.group.id, g]));
  const peerSharedOf = groupBy(peerShared, (t) => t.assignmentId);

  const cards = new Map<string, TSpeakerAssignmentCard[]>();
  let activeAssignments = 0;
  for (const row of rows) {
    const a = row.a;
    const g = groupsById.get(a.groupId!);
    const j = judge(viewer, row, targetsOf.get(a.id) ?? []);
    if (!g || !j.isFor || !isActiveSpeakerIn(g.membership, now)) continue;
    const p = progress.get(a.id)!;
    const me = p.members.find((m) => m.userId === auth.userId);
    const peersOff = peerListVisible(g.group, g.membership, now) === 'disabled';
    let peerRecordings = 0;
    for (const t of peerSharedOf.get(a.id) ?? []) {
      // A peer with a shared recording in it is a sharer: their row shows wherever peers' rows do.
      if (!memberRowVisible(p.view, auth.userId, { userId: t.userId, sharedAny: true })) continue;
      const rec = { userId: t.userId, orgId: t.orgId, feedbackRequested: true, submitted: t.submitted };
      if (canHearWith(recordingAccess(auth, rec, g.group, g.membership, now))) peerRecordings += t.n;
    }
    const card: TSpeakerAssignmentCard = {
      assignmentId: a.id,
      name: a.name,
      description: a.description,
      archived: a.archived,
      deleted: !!a.deletedAt,
      createdDate: a.createdAt.toISOString(),
      sortOrder: a.sortOrder,
      status: p.completionStatus ?? 'assigned',
      dueAt: a.dueAt?.toISOString() ?? null,
      overdue: me?.overdue ?? false,
      algorithm: normaliseCriteria(a.criteria).algorithm,
      counts: {
        myRecordings: me?.recordings.length ?? 0,
        comments: me?.recordings.reduce((n, r) => n + r.numComments, 0) ?? 0,
        peerRecordings: peersOff ? null : peerRecordings,
      },
      abilities: { canSubmit: j.abilities.canSubmit },
    };
    if (memberAssignmentMatchesFilter(card, 'active', now)) activeAssignments++;
    const inGroup = cards.get(a.groupId!);
    if (inGroup) inGroup.push(card);
    else cards.set(a.groupId!, [card]);
  }

  return {
    stats: {
      activeAssignments,
      totalRecordings: library.length,
      totalComments: library.reduce((n, r) => n + r.numComments, 0),
      recordingsFlagged: library.filter((r) => r.submitted).length,
    },
    groups: [...cards]
      .map(([groupId, assignments]) => ({ groupId, name: groupsById.get(groupId)!.group.name, assignments }))
      .sort((x, y) => x.name.localeCompare(y.name)),
  };
}
