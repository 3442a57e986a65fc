import type { TAssignment, TOrgSettings } from '@rostrum/contract';
import { compareAssignments, isOverdue, normaliseCriteria } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../auth/auth-context.js';
import {
  assignmentAbilities,
  assignmentView,
  coachesInOrg,
  isAssignmentFor,
  isContinuous,
  type TAssignmentCaller,
  type TAssignmentView,
} from '../../auth/policies.js';
import { orgOfCaller } from '../org/index.js';
import {
  listAttachments,
  listMembershipsOfUser,
  listTargets,
  presentScorecard,
  type TAssignmentFullRow,
  type TTargetRow,
} from './assignments.repository.js';
import { NO_COUNTS, type TAssignmentProgressSummary } from './progress/index.js';

// The assignment entity as the API returns it (ZAssignmentSchema): one shape for every list and
// for GET assignments/{id}, with the caller's abilities from the policies.

type TMembershipRow = Awaited<ReturnType<typeof listMembershipsOfUser>>[number];

/** Who is asking: their roles, memberships and the organisation's settings. */
export interface TViewer {
  auth: TAuth;
  caller: TAssignmentCaller;
  memberships: Map<string, TMembershipRow>;
  orgSettings: TOrgSettings;
  algorithms: string[];
  orgName: string;
}

export async function loadViewer(db: TDb, auth: TAuth): Promise<TViewer> {
  const [ms, org] = await Promise.all([listMembershipsOfUser(db, auth.userId), orgOfCaller(db, auth)]);
  return {
    auth,
    caller: { userId: auth.userId, orgId: auth.orgId, orgRoles: auth.orgRoles, isOrgCoach: coachesInOrg(auth, ms) },
    memberships: new Map(ms.map((m) => [m.groupId, m])),
    orgSettings: org?.settings ?? {},
    algorithms: org?.algorithmConfig.algorithms.map((a) => a.name) ?? [],
    orgName: org?.name ?? '',
  };
}

/** The per-assignment progress (counts, the caller's completion status), from the progress module. */
export type TAssignmentProgress = Map<string, TAssignmentProgressSummary>;

/** The policy facts of one row for the viewer: how they see it and whether it is for them. */
export function judge(viewer: TViewer, row: TAssignmentFullRow, targets: readonly TTargetRow[]) {
  const a = row.a;
  const m = a.groupId ? (viewer.memberships.get(a.groupId) ?? null) : null;
  const isFor = isAssignmentFor(
    { isTemplate: a.isTemplate, deactivated: a.deactivated, groupId: a.groupId, targets },
    viewer.auth.userId,
    m,
  );
  const facts = {
    orgId: a.orgId,
    ownerId: a.userId,
    isTemplate: a.isTemplate,
    isGlobal: a.isGlobal,
    isShared: a.isShared,
    archived: a.archived,
    deleted: !!a.deletedAt,
  };
  const view: TAssignmentView = assignmentView(viewer.caller, facts, m, isFor);
  return { m, isFor, facts, view, abilities: assignmentAbilities(viewer.caller, facts, m, isFor, viewer.orgSettings) };
}

/**
 * Presents rows the viewer may see (others are left out), with targets and attachments loaded
 * in two queries. `progress` fills counts and completionStatus.
 */
export async function presentAssignments(
  db: TDb,
  viewer: TViewer,
  rows: readonly TAssignmentFullRow[],
  progress: (visible: readonly TAssignmentFullRow[]) => Promise<TAssignmentProgress> = async () => new Map(),
): Promise<TAssignment[]> {
  const ids = rows.map((r) => r.a.id);
  const [targets, attachments] = await Promise.all([listTargets(db, ids), listAttachments(db, ids)]);
  const targetsOf = groupBy(targets, (t) => t.assignmentId);
  const attachmentsOf = groupBy(attachments, (t) => t.assignmentId);
  const judged = rows
    .map((row) => ({ row, targets: targetsOf.get(row.a.id) ?? [], ...judge(viewer, row, targetsOf.get(row.a.id) ?? []) }))
    .filter((j) => j.view !== 'none');
  const prog = await progress(judged.map((j) => j.row));
  return judged.map(({ row, targets: ts, isFor, abilities }) => {
    const a = row.a;
    const mine = ts.find((t) => t.userId === viewer.auth.userId) ?? (isFor ? ts.find((t) => t.groupId !== null) : undefined);
    const p = prog.get(a.id);
    return {
      assignmentId: a.id,
      name: a.name,
      description: a.description,
      isTemplate: a.isTemplate,
      isShared: a.isShared,
      isGlobal: a.isGlobal,
      archived: a.archived,
      deleted: !!a.deletedAt,
      deactivated: a.deactivated,
      continuous: !a.isTemplate && isContinuous({ deactivated: a.deactivated, groupId: a.groupId, targets: ts }),
      userId: a.userId,
      ownerName: row.ownerName,
      groupId: a.groupId,
      groupName: row.groupName,
      assignmentTemplateId: a.templateId,
      sortOrder: a.sortOrder,
      criteria: normaliseCriteria(a.criteria),
      userTargets: ts
        .filter((t) => t.userId !== null)
        .map((t) => ({ userId: t.userId!, name: t.userName ?? '', createdDate: t.createdAt.toISOString() })),
      groupTargets: ts
        .filter((t) => t.groupId !== null)
        .map((t) => ({ groupId: t.groupId!, name: t.groupName ?? '', createdDate: t.createdAt.toISOString() })),
      attachments: (attachmentsOf.get(a.id) ?? []).map((x) => ({
        id: x.id,
        name: x.name,
        attachmentType: x.attachmentType,
        attachmentUrl: x.url,
        recordingId: x.recordingId,
      })),
      scorecard: row.scorecard ? presentScorecard(row.scorecard) : null,
      wordspotting: a.wordspotting,
      createdDate: a.createdAt.toISOString(),
      myUserTarget: mine && isFor ? { createdDate: mine.createdAt.toISOString() } : null,
      completionStatus: p?.completionStatus ?? null,
      dueAt: a.dueAt?.toISOString() ?? null,
      // Only the caller's own completion can be overdue for them (a coach reads counts.overdueCount).
      overdue: !!p?.completionStatus && isOverdue({ archived: a.archived, deleted: !!a.deletedAt, dueAt: a.dueAt }, p.completionStatus),
      counts: p?.counts ?? { ...NO_COUNTS },
      abilities,
    };
  });
}

/** The list order of 002 section 4 (manual sortOrder first). */
export function sortAssignments(list: TAssignment[]): TAssignment[] {
  return [...list].sort(compareAssignments);
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}
