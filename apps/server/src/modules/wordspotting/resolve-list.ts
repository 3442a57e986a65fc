import { DEFAULT_WORDSPOTTING, normaliseWordspotting, type TOrgSettings, type TWordspottingUsed } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { findAssignmentInOrg } from '../assignments/index.js';
import { findOrganisation } from '../org/index.js';
import { findGroupName, listsForRecording, type TWordspottingListRow } from './wordspotting.repository.js';

// Which list a recording's analysis counts (docs/decisions/word-spotting.md "Which wordspotting list a
// recording uses"): the first of its assignment's phrases, its owner's list, its group's list,
// the organisation's list and the default. A stored list counts only while the organisation's
// setting for its scope is on, so turning a setting off takes its lists out of use.

export interface TListCandidates {
  assignment: { name: string; criteria: { wordspotting?: boolean | null }; wordspotting: string[] } | null;
  group: { name: string } | null;
  orgName: string;
  settings: TOrgSettings;
  lists: Pick<TWordspottingListRow, 'scope' | 'words'>[];
}

export function chooseWordspottingList(c: TListCandidates): TWordspottingUsed {
  const stored = (scope: TWordspottingListRow['scope']) => c.lists.find((l) => l.scope === scope)?.words;
  if (c.assignment?.criteria.wordspotting && c.assignment.wordspotting.length > 0)
    return { source: 'assignment', name: c.assignment.name, words: normaliseWordspotting(c.assignment.wordspotting) };
  const user = c.settings.Custom_Wordspotting_For_Users ? stored('user') : undefined;
  if (user) return { source: 'user', name: null, words: normaliseWordspotting(user) };
  const group = c.settings.Custom_Wordspotting_For_Groups && c.group ? stored('group') : undefined;
  if (group) return { source: 'group', name: c.group?.name ?? null, words: normaliseWordspotting(group) };
  const org = c.settings.Custom_Wordspotting_For_Orgs ? stored('org') : undefined;
  if (org) return { source: 'org', name: c.orgName, words: normaliseWordspotting(org) };
  return { source: 'default', name: null, words: [...DEFAULT_WORDSPOTTING] };
}

/**
 * What a caller has already read of the recording's candidates; each one given is not read again
 * (the results page has the caller's organisation, the assignment and the group's name at hand).
 * null means the recording has none.
 */
export interface TKnownCandidates {
  org?: { name: string; settings: TOrgSettings };
  assignment?: { a: NonNullable<TListCandidates['assignment']> } | null;
  group?: { name: string } | null;
}

/** The list a new analysis of the recording would count now. */
export async function currentWordspottingList(
  db: TDb,
  r: { orgId: string; groupId: string | null; userId: string; algorithm: string; assignmentId: string | null },
  known: TKnownCandidates = {},
): Promise<TWordspottingUsed> {
  const [org, assignment, lists, group] = await Promise.all([
    known.org ?? findOrganisation(db, r.orgId),
    known.assignment !== undefined ? known.assignment : r.assignmentId ? findAssignmentInOrg(db, r.orgId, r.assignmentId) : null,
    listsForRecording(db, r),
    known.group !== undefined ? known.group : r.groupId ? findGroupName(db, r.groupId) : null,
  ]);
  return chooseWordspottingList({
    assignment: assignment?.a ?? null,
    group,
    orgName: org?.name ?? '',
    settings: org?.settings ?? {},
    lists,
  });
}
