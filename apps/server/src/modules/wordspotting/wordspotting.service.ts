import {
  criteriaAlgorithmLabel,
  DEFAULT_WORDSPOTTING,
  ERROR_CODES,
  maySetGroupWordspotting,
  maySetOrgWordspotting,
  maySetOwnWordspotting,
  type TDeleteWordspottingQuery,
  type TOrgSettings,
  type TWordspottingList,
  type TWordspottingPage,
  WORDSPOTTING_MSG,
  wordspottingScopeValid,
  type TSaveWordspottingRequest,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isActiveSpeakerIn, isCoachOf, isOrgAdmin } from '../../auth/roles.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { findOrganisation } from '../org/index.js';
import {
  deleteList,
  listListsFor,
  listMemberGroups,
  listOrgGroups,
  type TListKey,
  type TWordspottingListRow,
  upsertList,
} from './wordspotting.repository.js';

// The wordspotting page and its calls (002 sections 2.9 and 7). Who may change which list is
// decided by the contract's maySet* rules, with the caller's roles from auth/roles.ts.

/** The caller's standing in the organisation and its groups, as the rules need it. */
async function loadStanding(deps: TDeps, auth: TAuth) {
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org) throw notFound();
  const admin = isOrgAdmin(auth);
  const member = await listMemberGroups(deps.db, auth.orgId, auth.userId);
  const now = new Date();
  const membershipOf = new Map(member.map((g) => [g.id, g.membership]));
  // Org admins see every group's list; others the groups they belong to (any status: a list
  // applies to their recordings there).
  const visible = admin ? await listOrgGroups(deps.db, auth.orgId) : member.map((g) => ({ id: g.id, name: g.name }));
  const settings: TOrgSettings = org.settings;
  return {
    org,
    settings,
    visible,
    algorithms: org.algorithmConfig.algorithms.map((a) => a.name),
    canSetOrg: maySetOrgWordspotting(settings, admin),
    canSetGroup: (groupId: string) => maySetGroupWordspotting(settings, isCoachOf(auth, membershipOf.get(groupId), now)),
    canSetOwn: maySetOwnWordspotting(
      settings,
      member.some((g) => isActiveSpeakerIn(g.membership, now)),
    ),
    // Only groups of the caller's organisation that the page shows them (another organisation's: not found).
    knowsGroup: (groupId: string) => visible.some((g) => g.id === groupId),
  };
}

type TStanding = Awaited<ReturnType<typeof loadStanding>>;

function presentList(row: TWordspottingListRow, name: string, canEdit: boolean): TWordspottingList {
  return {
    scope: row.scope,
    scopeId: row.scope === 'org' ? row.orgId : row.scope === 'group' ? row.groupId : row.userId,
    name,
    algorithm: row.algorithm,
    words: row.words,
    updatedAt: row.updatedAt.toISOString(),
    abilities: { canEdit, canReset: canEdit },
  };
}

/** The name a stored list goes by: its organisation's, its group's, or "My account". */
function listName(s: TStanding, row: { scope: string; groupId: string | null }): string {
  if (row.scope === 'org') return s.org.name;
  if (row.scope === 'group') return s.visible.find((g) => g.id === row.groupId)?.name ?? '';
  return 'My account';
}

/** Whether the caller may edit and reset a stored list (the standing holds the contract rules' answers). */
function mayChange(s: TStanding, row: { scope: string; groupId: string | null }): boolean {
  if (row.scope === 'org') return s.canSetOrg;
  if (row.scope === 'group') return s.canSetGroup(row.groupId!);
  return s.canSetOwn;
}

export async function getWordspottingPage(deps: TDeps, auth: TAuth): Promise<TWordspottingPage> {
  const s = await loadStanding(deps, auth);
  const rows = await listListsFor(
    deps.db,
    auth.orgId,
    s.visible.map((g) => g.id),
    auth.userId,
  );
  const defaults: TWordspottingList[] = s.algorithms.map((algorithm) => ({
    scope: 'default',
    scopeId: null,
    name: 'Default',
    algorithm,
    words: [...DEFAULT_WORDSPOTTING],
    updatedAt: null,
    abilities: { canEdit: false, canReset: false },
  }));
  const order = { org: 0, group: 1, user: 2 } as const;
  const custom = rows
    .filter((r) => s.algorithms.includes(r.algorithm))
    .map((r) => presentList(r, listName(s, r), mayChange(s, r)))
    .sort((a, b) => order[a.scope as keyof typeof order] - order[b.scope as keyof typeof order] || a.name.localeCompare(b.name));
  return {
    lists: [...defaults, ...custom],
    targets: {
      org: s.canSetOrg ? { orgId: s.org.id, name: s.org.name } : null,
      groups: s.visible.filter((g) => s.canSetGroup(g.id)).map((g) => ({ groupId: g.id, name: g.name })),
      user: s.canSetOwn ? { userId: auth.userId } : null,
    },
    algorithms: s.algorithms.map((name) => ({ name, label: criteriaAlgorithmLabel(name) })),
  };
}

/**
 * The stored list a call names, once the caller may change it: another organisation's org or
 * group is not found (as is a group the caller has no link to); a scope the caller may see but
 * not change is refused; another user's list is always refused.
 */
function authorisedKey(s: TStanding, auth: TAuth, q: { algorithm: string; orgId?: string; groupId?: string; userId?: string }): TListKey {
  if (!s.algorithms.includes(q.algorithm)) throw badRequest(WORDSPOTTING_MSG.unknownAlgorithm);
  const base = { orgId: auth.orgId, algorithm: q.algorithm };
  if (q.orgId !== undefined) {
    if (q.orgId !== auth.orgId) throw notFound();
    if (!s.canSetOrg) throw forbidden();
    return { ...base, scope: 'org', groupId: null, userId: null };
  }
  if (q.groupId !== undefined) {
    if (!s.knowsGroup(q.groupId)) throw notFound();
    if (!s.canSetGroup(q.groupId)) throw forbidden();
    return { ...base, scope: 'group', groupId: q.groupId, userId: null };
  }
  if (q.userId !== auth.userId || !s.canSetOwn) throw forbidden();
  return { ...base, scope: 'user', groupId: null, userId: auth.userId };
}

export async function saveWordspotting(deps: TDeps, auth: TAuth, body: TSaveWordspottingRequest): Promise<TWordspottingList> {
  const s = await loadStanding(deps, auth);
  const key = authorisedKey(s, auth, body);
  const row = await upsertList(deps.db, key, body.words, auth.userId);
  return presentList(row, listName(s, key), true);
}

/** Reset: the scope's list goes, and its recordings count the next list in order. */
export async function deleteWordspotting(deps: TDeps, auth: TAuth, q: TDeleteWordspottingQuery): Promise<void> {
  if (!wordspottingScopeValid(q)) throw badRequest(WORDSPOTTING_MSG.invalidDelete, ERROR_CODES.wordspottingInvalidScope);
  const s = await loadStanding(deps, auth);
  await deleteList(deps.db, authorisedKey(s, auth, q));
}
