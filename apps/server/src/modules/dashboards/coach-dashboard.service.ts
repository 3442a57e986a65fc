import {
  assignmentMatchesFilter,
  memberAssignmentMatchesFilter,
  type TCoachDashboard,
  type TCoachDashboardMember,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { coachSeesSharedOnly, feedbackVisible, isActiveSpeakerIn, recordingAccess } from '../../auth/policies.js';
import { listGroupMembers } from '../groups/index.js';
import { tallyGroupComments, type TGroupCommentTally } from './dashboards.repository.js';
import { loadCoachedGroup, loadGroupStandingFacts } from './group-assignments.js';
import { groupBy, standingFor } from '../assignments/index.js';
import type { DashboardCache } from './dashboard-cache.js';

// GET groups/{id}/dashboard (002 section 2.2): the four stats and the Members view. Recordings,
// flagged and last upload are the group member list's counts (at coach privacy level 3 and up,
// only submitted or shared recordings); comments are those recordingAccess and feedbackVisible
// let the caller read; assignments come from the progress the details page shows.

type TGroupLevels = { managerPrivacyLevel: number; speakerPrivacyLevel: number };

/** Comments on one owner's recordings the caller may see, from the group's comment tally. */
function visibleComments(
  auth: TAuth,
  group: TGroupLevels,
  membership: Parameters<typeof recordingAccess>[3],
  tallies: TGroupCommentTally[],
) {
  let n = 0;
  for (const t of tallies) {
    const access = recordingAccess(auth, t, group, membership);
    const sees = (item: { userId: string; isManager: boolean }) =>
      feedbackVisible(auth.userId, access, true, group.speakerPrivacyLevel, item);
    if (sees({ userId: '', isManager: true })) n += t.byManager;
    if (sees({ userId: t.userId, isManager: false })) n += t.byOwner;
    if (sees({ userId: '', isManager: false })) n += t.byOthers;
  }
  return n;
}

/**
 * The coach dashboard; `cache` may serve the caller's figures of the last few seconds
 * (DashboardCache), never their permission, checked on every call.
 */
export async function getCoachDashboard(deps: TDeps, auth: TAuth, groupId: string, cache?: DashboardCache): Promise<TCoachDashboard> {
  const coached = await loadCoachedGroup(deps, auth, groupId);
  const compute = () => computeCoachDashboard(deps, auth, groupId, coached, cache);
  return cache ? cache.get(auth, `groups/${groupId}/dashboard`, compute) : compute();
}

/**
 * The group's figures that depend on no caller: its assignments with the facts of their standing,
 * its active members with their counts (at coach privacy level 3 and up only submitted or shared
 * recordings count, so the level is part of the key), and its comment tallies. A group's coaches
 * share them (DashboardCache.shared); each coach's view is applied to them for that coach alone.
 */
function loadGroupFigures(deps: TDeps, group: TGroupLevels & { id: string }) {
  return Promise.all([
    loadGroupStandingFacts(deps, group.id),
    listGroupMembers(deps.db, group.id, { activeOnly: true, onlySharedCounted: coachSeesSharedOnly(group) }),
    tallyGroupComments(deps.db, group.id),
  ]);
}

async function computeCoachDashboard(
  deps: TDeps,
  auth: TAuth,
  groupId: string,
  coached: Awaited<ReturnType<typeof loadCoachedGroup>>,
  cache?: DashboardCache,
): Promise<TCoachDashboard> {
  const now = new Date();
  const { group, membership } = coached;
  const load = () => loadGroupFigures(deps, group);
  const [figures, memberRows, comments] = await (cache
    ? cache.shared(auth.orgId, `groups/${groupId}/figures/${group.managerPrivacyLevel}`, load)
    : load());
  // The caller's own view of the group's figures: which members they see, and their own status.
  const standing = standingFor(figures.list, figures.facts, auth, [coached], now);
  const assignments = figures.assignments.map((a) => ({ ...a, progress: standing.get(a.row.a.id)! }));
  const commentsOf = groupBy(comments, (t) => t.userId);

  // Each member's assignments: those of the group that target them, and of those the open ones.
  const assignmentsOf = new Map<string, { total: number; active: number }>();
  let activeAssignments = 0;
  for (const { row, continuous, progress } of assignments) {
    const a = row.a;
    const createdDate = a.createdAt.toISOString();
    const facts = { archived: a.archived, deleted: !!a.deletedAt, createdDate };
    if (assignmentMatchesFilter({ ...facts, continuous, counts: progress.counts }, 'active', now)) activeAssignments++;
    for (const m of progress.members) {
      const tally = assignmentsOf.get(m.userId) ?? { total: 0, active: 0 };
      tally.total++;
      if (memberAssignmentMatchesFilter({ ...facts, status: m.completion.status }, 'active', now)) tally.active++;
      assignmentsOf.set(m.userId, tally);
    }
  }

  const members: TCoachDashboardMember[] = memberRows
    .filter((r) => isActiveSpeakerIn(r.membership, now))
    .map((r) => {
      const mine = assignmentsOf.get(r.user.id);
      return {
        userId: r.user.id,
        name: r.user.name,
        firstName: r.user.firstName,
        lastName: r.user.lastName,
        joinDate: r.membership.startDate.toISOString(),
        lastUpload: r.lastRecordingDate ? new Date(r.lastRecordingDate).toISOString() : null,
        totalAssignments: mine?.total ?? 0,
        activeAssignments: mine?.active ?? 0,
        recordings: r.recordings,
        flagged: r.submitted,
        comments: visibleComments(auth, group, membership, commentsOf.get(r.user.id) ?? []),
      };
    });
  return {
    groupId,
    stats: {
      activeAssignments,
      totalRecordings: members.reduce((n, m) => n + m.recordings, 0),
      totalComments: members.reduce((n, m) => n + m.comments, 0),
      recordingsForReview: members.reduce((n, m) => n + m.flagged, 0),
    },
    members,
  };
}
