import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { FORMER_MEMBER_NAME } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import {
  apiKeys,
  assignments,
  auditEvents,
  feedback,
  hubIdentities,
  invites,
  liveCaptures,
  ltiIdentities,
  memberships,
  notices,
  rateLimits,
  recordings,
  users,
} from '../../db/schema.js';
import { isOrgAdminSql } from '../../auth/roles.js';

// The rows an account deletion reads and changes beyond what the foreign keys do by themselves
// (the user row's delete cascades to keys, resets, memberships, hub identities, Zoom, notices,
// reminders and the user's own lists; see docs/decisions/privacy-and-permissions.md).

export type TDeletedUserRow = Pick<typeof users.$inferSelect, 'id' | 'orgId' | 'email' | 'name' | 'orgRoles'>;

/** The user of the organisation, or null. */
export async function findUserInOrg(db: TDb, orgId: string, userId: string): Promise<TDeletedUserRow | null> {
  const [u] = await db
    .select({ id: users.id, orgId: users.orgId, email: users.email, name: users.name, orgRoles: users.orgRoles })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)));
  return u ?? null;
}

export async function findPasswordHash(db: TDb, userId: string): Promise<string | null> {
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return u?.passwordHash ?? null;
}

/** Whether the user signs in through a partner hub or an LMS (LTI): an identity of theirs is linked. */
export async function hasExternalIdentity(db: TDb, userId: string): Promise<boolean> {
  const [hub] = await db.select({ one: sql`1` }).from(hubIdentities).where(eq(hubIdentities.userId, userId)).limit(1);
  if (hub) return true;
  const [lti] = await db.select({ one: sql`1` }).from(ltiIdentities).where(eq(ltiIdentities.userId, userId)).limit(1);
  return !!lti;
}

/** Whether this key of the user was issued after `since` (a sign-in that recent). */
export async function keyIssuedAfter(db: TDb, keyId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), gt(apiKeys.createdAt, since)));
  return !!row;
}

/** Other admins and other users of the organisation (the last admin rule). */
export async function countOthers(db: TDb, orgId: string, userId: string): Promise<{ admins: number; users: number }> {
  const [row] = await db
    .select({
      admins: sql<number>`count(*) filter (where ${isOrgAdminSql()})::int`,
      users: sql<number>`count(*)::int`,
    })
    .from(users)
    .where(and(eq(users.orgId, orgId), ne(users.id, userId)));
  return { admins: row?.admins ?? 0, users: row?.users ?? 0 };
}

/** Every recording of the user (deleted ones too: their rows still hold the results). */
export async function listRecordingIdsOf(db: TDb, userId: string): Promise<string[]> {
  return (await db.select({ id: recordings.id }).from(recordings).where(eq(recordings.userId, userId))).map((r) => r.id);
}

/** The user's live captures no recording took (their bytes are an upload under the capture id). */
export async function listUnboundCaptureIdsOf(db: TDb, userId: string): Promise<string[]> {
  return (
    await db
      .select({ id: liveCaptures.id })
      .from(liveCaptures)
      .where(and(eq(liveCaptures.userId, userId), isNull(liveCaptures.recordingId)))
  ).map((r) => r.id);
}

export async function listGroupIdsOf(db: TDb, userId: string): Promise<string[]> {
  return (await db.select({ groupId: memberships.groupId }).from(memberships).where(eq(memberships.userId, userId))).map((m) => m.groupId);
}

/** Removes the user's recordings (their files go through remove-recording-media); returns how many. */
export async function deleteRecordingsOf(db: TDb, userId: string): Promise<number> {
  return (await db.delete(recordings).where(eq(recordings.userId, userId)).returning({ id: recordings.id })).length;
}

/**
 * The comments and score sets the user wrote on other people's recordings lose their author
 * (shown as "Former member"); the text and scores stay. Returns how many.
 */
export async function anonymiseFeedbackBy(db: TDb, userId: string): Promise<number> {
  const rows = await db.update(feedback).set({ userId: null }).where(eq(feedback.userId, userId)).returning({ id: feedback.id });
  return rows.length;
}

/**
 * Notices others were sent name the person as who did it (actorName is kept as text): those of
 * the organisation's members that carry the name become "Former member". A same-named colleague's
 * notice may be renamed too; nothing is lost by that but the name.
 */
export async function anonymiseNoticesNaming(db: TDb, orgId: string, name: string): Promise<void> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.orgId, orgId));
  await db
    .update(notices)
    .set({ actorName: FORMER_MEMBER_NAME })
    .where(and(eq(notices.actorName, name), inArray(notices.userId, members)));
}

/** Templates only the user could see (not shared, not the product's); shared ones and assigned copies stay (owner null). */
export async function deletePrivateTemplatesOf(db: TDb, userId: string): Promise<void> {
  await db
    .delete(assignments)
    .where(
      and(
        eq(assignments.userId, userId),
        eq(assignments.isTemplate, true),
        eq(assignments.isShared, false),
        eq(assignments.isGlobal, false),
      ),
    );
}

/** Invites to the person's address (pending or accepted): they hold the email. */
export async function deleteInvitesTo(db: TDb, orgId: string, email: string): Promise<void> {
  await db.delete(invites).where(and(eq(invites.orgId, orgId), sql`lower(${invites.email}) = lower(${email})`));
}

/** The abuse limits' counters keyed by the person's email (sign-in guesses, reset emails). */
export async function deleteRateLimitsOf(db: TDb, email: string): Promise<void> {
  await db.delete(rateLimits).where(sql`position(${email.toLowerCase()} in lower(${rateLimits.key})) > 0`);
}

export async function deleteUserRow(db: TDb, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function insertAuditEvent(db: TDb, values: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(values);
}
