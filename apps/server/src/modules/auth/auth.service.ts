import {
  DEFAULT_EMAIL_PREFERENCES,
  ERROR_CODES,
  MSG,
  PASSWORD_RESET_MINUTES,
  type TInviteCheckBody,
  type TInviteCheckResponse,
  type TSignInBody,
  type TSignInKeyPeekResponse,
  type TSignInResponse,
  type TSignUpBody,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords.js';
import { hashSecret, newSecret } from '../../auth/keys.js';
import type { TAuth } from '../../auth/auth-context.js';
import { canonicalUserOrgRoles } from '../../auth/roles.js';
import { assertSpeakerSeatAvailable, takeSpeakerSeat, upsertSpeakerMembership } from '../memberships/index.js';
import {
  findUserByEmail,
  findUserById,
  findUserOrgCode,
  insertPasswordReset,
  insertUser,
  recordSignIn,
  setPasswordHash,
  usePasswordReset,
} from './auth.repository.js';
import { consumeAutoKey, issueKey, peekAutoKey, revokeAllKeys, revokeKey, revokeOtherKeys } from './keys.repository.js';
import { clearSignInLimits, reserveSignInAttempt } from './sign-in-limiter.js';
import { reserveInviteCodeAttempt, reserveResetEmail } from './request-limits.js';
import { grantsSpeakerSeat, inviteIsEu, markInviteAccepted, resolveInvite } from './invites.repository.js';
import { applyInviteGrants } from '../admin-users/index.js';
import { euConsentsGiven, signUpConsents } from './consents.js';

async function startSession(deps: TDeps, userId: string, orgCode: string): Promise<TSignInResponse> {
  const key = await issueKey(deps.db, userId, 'session');
  await recordSignIn(deps.db, userId, new Date());
  return { apiKey: key.secret, orgCode, expires: key.expiresAt.toISOString(), userId };
}

export async function signIn(deps: TDeps, body: TSignInBody, ip: string): Promise<TSignInResponse> {
  // Reserved before scrypt runs: parallel guesses cannot all pass a check made before any is counted.
  const attempt = await reserveSignInAttempt(deps.db, body.email, ip);
  const found = await findUserByEmail(deps.db, body.email);
  // Always run scrypt, so an unknown email takes as long as a wrong password.
  const ok = await verifyPassword(body.password, found?.user.passwordHash ?? DUMMY_HASH);
  if (!found || !ok) throw unauthorized(MSG.incorrectCredentials, ERROR_CODES.authIncorrectCredentials);
  await attempt.succeeded();
  return startSession(deps, found.user.id, found.org.code);
}

/**
 * The user of an auto sign-in token {org code}-{key}, if it is usable; `take` uses it up. A bad
 * link is its own 401 (auth.sign_in_link_invalid): it says nothing of the caller's session.
 */
async function autoKeyUser(deps: TDeps, token: string, take: boolean) {
  const linkInvalid = () => unauthorized(MSG.signInLinkInvalid, ERROR_CODES.authSignInLinkInvalid);
  const i = token.indexOf('-');
  if (i <= 0) throw linkInvalid();
  const orgCode = token.slice(0, i);
  const secret = token.slice(i + 1);
  const key = take ? await consumeAutoKey(deps.db, secret) : await peekAutoKey(deps.db, secret);
  if (!key) throw linkInvalid();
  const u = await findUserOrgCode(deps.db, key.userId);
  if (!u || u.orgCode !== orgCode) throw linkInvalid();
  return u;
}

/** Exchanges a one-hour auto sign-in token {org code}-{key} for a session key. */
export async function signInWithKey(deps: TDeps, token: string): Promise<TSignInResponse> {
  const u = await autoKeyUser(deps, token, true);
  return startSession(deps, u.id, u.orgCode);
}

/** Whose account a sign-in link opens, leaving its key unused (the page asks before using it). */
export async function peekSignInKey(deps: TDeps, token: string): Promise<TSignInKeyPeekResponse> {
  return { email: (await autoKeyUser(deps, token, false)).email };
}

export async function signOut(deps: TDeps, auth: TAuth): Promise<void> {
  await revokeKey(deps.db, auth.keyId);
}

export async function checkInvite(deps: TDeps, body: TInviteCheckBody, ip: string): Promise<TInviteCheckResponse> {
  const attempt = await reserveInviteCodeAttempt(deps.db, ip);
  const r = await resolveInvite(deps.db, body);
  if (!r) throw badRequest(MSG.inviteCodeInvalid, ERROR_CODES.inviteInvalid);
  await attempt.valid();
  if (grantsSpeakerSeat(r)) await assertSpeakerSeatAvailable(deps.db, r.org, null, MSG.seatLimit);
  return {
    org: { name: r.org.name, type: r.org.type },
    isEu: inviteIsEu(r),
    groupName: r.group?.name ?? null,
    email: r.invite?.email ?? null,
  };
}

/**
 * Creates the account. An email already registered in the invite's own organisation gets the
 * spec's 409 (sign in and join instead); one registered in another organisation gets the generic
 * 400, only after every other check (the seat limit included: the insert finds it taken), so the
 * answer says no more than invalid data would. The speaker seat is taken in the transaction that
 * creates the account.
 */
export async function signUp(deps: TDeps, body: TSignUpBody, ip: string): Promise<{ userId: string; signInKey: string }> {
  const attempt = await reserveInviteCodeAttempt(deps.db, ip);
  const r = await resolveInvite(deps.db, body);
  if (!r) throw badRequest(MSG.inviteCodeInvalid, ERROR_CODES.inviteInvalid);
  const existing = await findUserByEmail(deps.db, body.email);
  if (existing && existing.org.id === r.org.id) throw conflict(MSG.signUpEmailTaken, ERROR_CODES.authEmailTaken);
  if (r.invite && r.invite.email !== body.email)
    throw badRequest('This invite was sent to a different email address', ERROR_CODES.authInviteEmailMismatch);
  const isEu = inviteIsEu(r);
  if (isEu && !euConsentsGiven(body)) throw badRequest(MSG.signUpInvalid, ERROR_CODES.authSignUpInvalid);

  const passwordHash = await hashPassword(body.password);
  const orgRoles = r.invite?.roles.find((x) => x.groupId === null)?.roles ?? [];
  const userId = await deps.db.transaction(async (tx) => {
    // Before the insert, so a full organisation answers 402 whatever the email.
    const org = grantsSpeakerSeat(r) ? await takeSpeakerSeat(tx, r.org.id, null, MSG.seatLimit) : r.org;
    // Two sign-ups racing for one free email: the second finds it taken here, not as a 500.
    const id = await insertUser(tx, {
      orgId: r.org.id,
      email: body.email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      name: body.name,
      metadata: {
        title: body.metadata.title,
        birthyear: body.metadata.birthyear ?? null,
        gender: body.metadata.gender ?? null,
      },
      isEu,
      ...signUpConsents(isEu, body, new Date()),
      orgRoles: canonicalUserOrgRoles(orgRoles),
      emailPreferences: DEFAULT_EMAIL_PREFERENCES,
    });
    if (!id) return null;
    if (r.kind === 'code' && r.group) {
      await upsertSpeakerMembership(tx, id, r.group, org);
    }
    if (r.invite) {
      await applyInviteGrants(tx, id, r.invite, org);
      await markInviteAccepted(tx, r.invite.id, new Date());
    }
    return id;
  });
  if (!userId) {
    const winner = await findUserByEmail(deps.db, body.email);
    throw winner?.org.id === r.org.id
      ? conflict(MSG.signUpEmailTaken, ERROR_CODES.authEmailTaken)
      : badRequest(MSG.signUpInvalid, ERROR_CODES.authSignUpInvalid);
  }
  await attempt.valid();
  const key = await issueKey(deps.db, userId, 'auto');
  return { userId, signInKey: `${r.org.code}-${key.secret}` };
}

export async function forgotPassword(deps: TDeps, email: string, ip: string): Promise<void> {
  // Counted before the lookup, known email or not: each request may write a mail.
  await reserveResetEmail(deps.db, email, ip);
  const found = await findUserByEmail(deps.db, email);
  if (!found) throw notFound(MSG.forgotNotFound, ERROR_CODES.authEmailUnknown);
  const token = newSecret();
  const link = `${deps.config.publicUrl}/password/reset?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
  // The token and its email commit together; the send-email job delivers it (and retries).
  await deps.db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      userId: found.user.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
    });
    await deps.queue.enqueueEmail(tx, {
      to: email,
      subject: 'Reset your Rostrum password',
      text: [
        `Hello ${found.user.firstName},`,
        '',
        'Someone asked to reset the password of your Rostrum account. To choose a new password, open this link:',
        '',
        link,
        '',
        `The link works once and expires in ${PASSWORD_RESET_MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
      ].join('\n'),
    });
  });
}

export async function resetPassword(deps: TDeps, body: { email: string; token: string; newPassword: string }) {
  const found = await findUserByEmail(deps.db, body.email);
  if (!found) throw badRequest(MSG.resetLinkInvalid, ERROR_CODES.authResetLinkInvalid);
  const passwordHash = await hashPassword(body.newPassword);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await usePasswordReset(tx, found.user.id, hashSecret(body.token), new Date()))) return false;
    await setPasswordHash(tx, found.user.id, passwordHash, new Date());
    return true;
  });
  if (!done) throw badRequest(MSG.resetLinkInvalid, ERROR_CODES.authResetLinkInvalid);
  // A reset ends every open session: whoever knew the old password is signed out. The owner has
  // proved control of the mailbox, so guesses made at the email no longer hold the owner back.
  await revokeAllKeys(deps.db, found.user.id);
  await clearSignInLimits(deps.db, body.email);
}

/** Changes the password; every other session and sign-in link of the user ends, this one stays. */
export async function updatePassword(deps: TDeps, auth: TAuth, body: { password: string; newPassword: string }) {
  const u = await findUserById(deps.db, auth.userId);
  if (!u || !(await verifyPassword(body.password, u.passwordHash)))
    throw badRequest(MSG.currentPasswordWrong, ERROR_CODES.authCurrentPasswordWrong);
  await setPasswordHash(deps.db, auth.userId, await hashPassword(body.newPassword), new Date());
  await revokeOtherKeys(deps.db, auth.userId, auth.keyId);
}
