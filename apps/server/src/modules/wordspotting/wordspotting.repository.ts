import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TWordspottingScope } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import { groups, memberships, wordspottingLists } from '../../db/schema.js';

export type TWordspottingListRow = typeof wordspottingLists.$inferSelect;

/** A stored list's key: the organisation's, one group's or one user's, for one recording type. */
export interface TListKey {
  orgId: string;
  scope: TWordspottingScope;
  groupId: string | null;
  userId: string | null;
  algorithm: string;
}

function keyWhere(k: TListKey): SQL {
  return and(
    eq(wordspottingLists.orgId, k.orgId),
    eq(wordspottingLists.scope, k.scope),
    k.groupId ? eq(wordspottingLists.groupId, k.groupId) : isNull(wordspottingLists.groupId),
    k.userId ? eq(wordspottingLists.userId, k.userId) : isNull(wordspottingLists.userId),
    eq(wordspottingLists.algorithm, k.algorithm),
  )!;
}

/** Creates the list or replaces its words (one list per key). */
export async function upsertList(db: TDb, k: TListKey, words: string[], updatedBy: string): Promise<TWordspottingListRow> {
  const [row] = await db
    .insert(wordspottingLists)
    .values({ ...k, words, updatedBy })
    .onConflictDoUpdate({
      target: [
        wordspottingLists.orgId,
        wordspottingLists.scope,
        wordspottingLists.groupId,
        wordspottingLists.userId,
        wordspottingLists.algorithm,
      ],
      set: { words, updatedBy, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteList(db: TDb, k: TListKey): Promise<void> {
  await db.delete(wordspottingLists).where(keyWhere(k));
}

/**
 * The organisation's lists that the caller's page shows: the organisation's own, those of the
 * given groups, and the caller's own.
 */
export async function listListsFor(db: TDb, orgId: string, groupIds: string[], userId: string): Promise<TWordspottingListRow[]> {
  return db
    .select()
    .from(wordspottingLists)
    .where(
      and(
        eq(wordspottingLists.orgId, orgId),
        or(
          eq(wordspottingLists.scope, 'org'),
          groupIds.length ? and(eq(wordspottingLists.scope, 'group'), inArray(wordspottingLists.groupId, groupIds)) : undefined,
          and(eq(wordspottingLists.scope, 'user'), eq(wordspottingLists.userId, userId)),
        ),
      ),
    )
    .orderBy(asc(wordspottingLists.algorithm), asc(wordspottingLists.updatedAt));
}

/** The lists that could apply to one recording: the organisation's, its group's and its owner's, for its type. */
export async function listsForRecording(
  db: TDb,
  r: { orgId: string; groupId: string | null; userId: string; algorithm: string },
): Promise<TWordspottingListRow[]> {
  return db
    .select()
    .from(wordspottingLists)
    .where(
      and(
        eq(wordspottingLists.orgId, r.orgId),
        eq(wordspottingLists.algorithm, r.algorithm),
        or(
          eq(wordspottingLists.scope, 'org'),
          r.groupId ? and(eq(wordspottingLists.scope, 'group'), eq(wordspottingLists.groupId, r.groupId)) : undefined,
          and(eq(wordspottingLists.scope, 'user'), eq(wordspottingLists.userId, r.userId)),
        ),
      ),
    );
}

/** The organisation's groups by name (org admins' page), or the caller's groups with their membership. */
export async function listOrgGroups(db: TDb, orgId: string) {
  return db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.orgId, orgId)).orderBy(asc(groups.name));
}

export async function listMemberGroups(db: TDb, orgId: string, userId: string) {
  return db
    .select({ id: groups.id, name: groups.name, membership: memberships })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(and(eq(memberships.userId, userId), eq(groups.orgId, orgId)))
    .orderBy(asc(groups.name));
}

export async function findGroupName(db: TDb, groupId: string): Promise<{ name: string } | null> {
  const [g] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
  return g ?? null;
}
