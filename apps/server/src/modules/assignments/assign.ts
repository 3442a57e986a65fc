import { ASSIGNMENT_MSG, ERROR_CODES, type TAssignBody } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isAssignableSpeaker, isCoachOf } from '../../auth/policies.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { notifyAssignmentReceived } from '../notifications/index.js';
import {
  copyAssignmentContent,
  findUserName,
  insertAssignmentRow,
  insertTargets,
  listGroupMemberships,
  listOrgGroups,
} from './assignments.repository.js';
import { loadVisible } from './access.js';
import { dueAtOfCopy } from './due-dates.js';

// Assign This / the editor's assign step (002 sections 2.7, 4 and 5): a template (own, shared or
// global) is copied into each group involved, one assignment per group, with its criteria,
// description, scorecard, attachments and wordspotting. Continuous: the selected groups are
// targets (current and future speakers). Non-continuous: the selected users and the selected
// groups' current speakers are. Only groups the caller coaches, only their active speakers.
// Each speaker it is now for gets the "new assignment" email, in the same transaction.

export async function assignTemplate(deps: TDeps, auth: TAuth, templateId: string, body: TAssignBody) {
  const l = await loadVisible(deps, auth, templateId);
  const t = l.row.a;
  if (!t.isTemplate) throw conflict(ASSIGNMENT_MSG.notTemplate, ERROR_CODES.assignmentNotTemplate);
  if (!l.abilities.canAssign) throw forbidden();
  const groupIds = [...new Set(body.groupIds ?? [])];
  const userIds = [...new Set(body.userIds ?? [])];
  if (groupIds.length === 0 && userIds.length === 0) throw badRequest(ASSIGNMENT_MSG.assignNoTarget, ERROR_CODES.assignmentNoTarget);

  const coached = (await listOrgGroups(deps.db, auth.orgId)).filter((g) => isCoachOf(auth, l.viewer.memberships.get(g.id)));
  const coachedById = new Map(coached.map((g) => [g.id, g]));
  for (const id of groupIds) if (!coachedById.has(id)) throw forbidden();
  const now = new Date();
  const speakers = (await listGroupMemberships(deps.db, [...coachedById.keys()])).filter((m) =>
    isAssignableSpeaker(auth, l.viewer.memberships.get(m.groupId), m, now),
  );

  // Each selected user goes into a selected group they speak in, else the first group the caller coaches where they do.
  const plan = new Map<string, { groupTarget: boolean; users: Set<string>; notify: Set<string> }>();
  const planOf = (groupId: string) => {
    const p = plan.get(groupId) ?? { groupTarget: false, users: new Set<string>(), notify: new Set<string>() };
    plan.set(groupId, p);
    return p;
  };
  for (const groupId of groupIds) {
    const p = planOf(groupId);
    const current = speakers.filter((s) => s.groupId === groupId).map((s) => s.userId);
    if (body.continuous) p.groupTarget = true;
    else for (const u of current) p.users.add(u);
    for (const u of current) p.notify.add(u);
  }
  for (const userId of userIds) {
    const spots = speakers.filter((s) => s.userId === userId);
    if (spots.length === 0) throw notFound();
    const spot = spots.find((s) => groupIds.includes(s.groupId)) ?? spots[0]!;
    const p = planOf(spot.groupId);
    if (!p.groupTarget) p.users.add(userId);
    p.notify.add(userId);
  }
  if (!body.continuous && [...plan.values()].every((p) => p.users.size === 0))
    throw badRequest(ASSIGNMENT_MSG.assignNoSpeakers, ERROR_CODES.assignmentNoSpeakers);

  const coachName = await findUserName(deps.db, auth.userId);
  const created = await deps.db.transaction(async (tx) => {
    const out: { assignmentId: string; groupId: string; groupName: string }[] = [];
    for (const [groupId, p] of plan) {
      const group = coachedById.get(groupId)!;
      const row = await insertAssignmentRow(tx, {
        orgId: auth.orgId,
        groupId,
        userId: auth.userId,
        templateId: t.id,
        name: t.name,
        description: t.description,
        criteria: t.criteria,
        wordspotting: t.wordspotting,
        metadata: t.metadata,
        dueAt: dueAtOfCopy(t.dueAt, now),
        isTemplate: false,
        isShared: false,
      });
      await copyAssignmentContent(tx, t.id, row.id);
      await insertTargets(tx, row.id, [...(p.groupTarget ? [{ groupId }] : []), ...[...p.users].map((userId) => ({ userId }))]);
      await notifyAssignmentReceived(tx, deps, auth.orgId, { id: row.id, name: row.name }, coachName, group.name, [...p.notify]);
      out.push({ assignmentId: row.id, groupId, groupName: group.name });
    }
    return out;
  });
  return { assignments: created };
}
