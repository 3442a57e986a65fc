import {
  ACCOUNT_DELETION_MSG,
  DELETE_CONFIRMATION_WORD,
  ERROR_CODES,
  FRESH_SIGN_IN_MINUTES,
  MSG,
  type TAccountDeletionResult,
  type TDeleteMyAccountBody,
  type TDeleteUserBody,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertOrgAdmin } from '../../auth/guards.js';
import { isOrgAdmin } from '../../auth/roles.js';
import { verifyPassword } from '../../auth/passwords.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { lockOrganisation } from '../org/index.js';
import { clearMembershipRoles } from '../memberships/index.js';
import { removeRecordingMediaJob } from '../recordings/index.js';
import { removeAccountUploadsJob } from './account-deletion.jobs.js';
import {
  anonymiseFeedbackBy,
  anonymiseNoticesNaming,
  countOthers,
  deleteInvitesTo,
  deletePrivateTemplatesOf,
  deleteRateLimitsOf,
  deleteRecordingsOf,
  deleteUserRow,
  findPasswordHash,
  findUserInOrg,
  hasExternalIdentity,
  insertAuditEvent,
  keyIssuedAfter,
  listGroupIdsOf,
  listRecordingIdsOf,
  listUnboundCaptureIdsOf,
  type TDeletedUserRow,
} from './account-deletion.repository.js';

// Deleting an account (issue 42 item 8), by the person (POST me/delete) or by an org admin for a
// member on request (POST users/{userId}/delete). One transaction removes the rows; the files go
// after it commits, through the jobs it enqueued. What is removed, anonymised and kept is listed
// in docs/decisions/privacy-and-permissions.md ("Personal data: deletion and retention").

function assertConfirmation(confirmation: string): void {
  if (confirmation.trim() !== DELETE_CONFIRMATION_WORD)
    throw badRequest(ACCOUNT_DELETION_MSG.confirmationWrong, ERROR_CODES.accountConfirmationWrong);
}

async function assertPassword(deps: TDeps, userId: string, password: string): Promise<void> {
  const hash = await findPasswordHash(deps.db, userId);
  if (!hash || !(await verifyPassword(password, hash))) throw badRequest(MSG.currentPasswordWrong, ERROR_CODES.authCurrentPasswordWrong);
}

/**
 * The person proves it is them: their password, or, for an account that signs in through a
 * partner hub or an LMS launch (its password is a random one they never saw), a sign-in at most
 * FRESH_SIGN_IN_MINUTES old, the key of this very request.
 */
async function assertSelfProof(deps: TDeps, auth: TAuth, password: string | undefined): Promise<void> {
  if (password) return assertPassword(deps, auth.userId, password);
  const since = new Date(Date.now() - FRESH_SIGN_IN_MINUTES * 60_000);
  if ((await hasExternalIdentity(deps.db, auth.userId)) && (await keyIssuedAfter(deps.db, auth.keyId, since))) return;
  throw badRequest(ACCOUNT_DELETION_MSG.passwordNeeded, ERROR_CODES.accountPasswordNeeded);
}

/** POST me/delete: the caller's own account. */
export async function deleteMyAccount(deps: TDeps, auth: TAuth, body: TDeleteMyAccountBody): Promise<TAccountDeletionResult> {
  assertConfirmation(body.confirmation);
  await assertSelfProof(deps, auth, body.password);
  const user = await findUserInOrg(deps.db, auth.orgId, auth.userId);
  if (!user) throw notFound();
  return eraseAccount(deps, user, { kind: 'self', userId: null });
}

/** POST users/{userId}/delete: an org admin deletes a member of their organisation on request. */
export async function deleteUserByAdmin(deps: TDeps, auth: TAuth, userId: string, body: TDeleteUserBody): Promise<TAccountDeletionResult> {
  assertOrgAdmin(auth);
  const user = await findUserInOrg(deps.db, auth.orgId, userId);
  if (!user) throw notFound();
  if (user.id === auth.userId) throw badRequest(ACCOUNT_DELETION_MSG.notYourself);
  assertConfirmation(body.confirmation);
  await assertPassword(deps, auth.userId, body.password);
  return eraseAccount(deps, user, { kind: 'admin', userId: auth.userId });
}

/** Whether an org admin may delete this user from the users table (the web shows the action by it). */
export function canDeleteUser(caller: Pick<TAuth, 'userId' | 'orgRoles'>, userId: string): boolean {
  return isOrgAdmin(caller) && caller.userId !== userId;
}

/**
 * Removes the account and everything of it, in one transaction; returns the counts the audit row
 * keeps. The organisation row stays locked to the end, so seat counts and the last-admin rule
 * see one deletion or role change at a time.
 */
async function eraseAccount(
  deps: TDeps,
  user: TDeletedUserRow,
  actor: { kind: 'self' | 'admin'; userId: string | null },
): Promise<TAccountDeletionResult> {
  const result = await deps.db.transaction(async (tx) => {
    if (!(await lockOrganisation(tx, user.orgId))) throw notFound();
    if (isOrgAdmin(user)) {
      const others = await countOthers(tx, user.orgId, user.id);
      if (others.admins === 0 && others.users > 0) throw conflict(ACCOUNT_DELETION_MSG.lastAdmin, ERROR_CODES.accountLastAdmin);
    }
    const recordingIds = await listRecordingIdsOf(tx, user.id);
    const captureIds = await listUnboundCaptureIdsOf(tx, user.id);
    // The files go once this commits (the media job takes only a recording whose row is gone).
    for (const recordingId of recordingIds) await deps.queue.enqueue(tx, removeRecordingMediaJob, { recordingId });
    if (recordingIds.length + captureIds.length > 0)
      await deps.queue.enqueue(tx, removeAccountUploadsJob, { uploadIds: [...recordingIds, ...captureIds] });
    // With their recordings go the feedback they received, share links, live captures and the
    // notices of them (the foreign keys cascade). What they wrote on others' recordings stays
    // without its author.
    await deleteRecordingsOf(tx, user.id);
    const feedbackAnonymised = await anonymiseFeedbackBy(tx, user.id);
    await anonymiseNoticesNaming(tx, user.orgId, user.name);
    await deletePrivateTemplatesOf(tx, user.id);
    await deleteInvitesTo(tx, user.orgId, user.email);
    await deleteRateLimitsOf(tx, user.email);
    // Memberships end first, as a role change ends them, so the speaker seat is free at once.
    const now = new Date();
    for (const groupId of await listGroupIdsOf(tx, user.id)) await clearMembershipRoles(tx, user.id, groupId, now);
    await deleteUserRow(tx, user.id);
    const counts = { recordingsRemoved: recordingIds.length, feedbackAnonymised };
    await insertAuditEvent(tx, { orgId: user.orgId, kind: 'account.deleted', actorKind: actor.kind, actorUserId: actor.userId, counts });
    return counts;
  });
  deps.queue.wakeWorkers(removeRecordingMediaJob.name);
  deps.queue.wakeWorkers(removeAccountUploadsJob.name);
  return { deleted: true, ...result };
}
