import { addMinutes } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_EMAIL_PREFERENCES,
  ERROR_CODES,
  LIMITS,
  MSG,
  safeNext,
  type THubAuthorizeResponse,
  type THubLoginBody,
  type THubLoginResponse,
} from '@rostrum/contract';
import type { THubConfig } from '../../config.js';
import type { TDeps } from '../../deps.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { hashSecret, newSecret } from '../../auth/keys.js';
import { hashPassword } from '../../auth/passwords.js';
import { addressBucket, findUserByEmail, insertUser, issueKey, reserveAll } from '../auth/index.js';
import { findGroupByInviteCode, takeSpeakerSeat, upsertSpeakerMembership } from '../memberships/index.js';
import { classifyHubFailure, HubClient, type THubIdentity } from './hub-client.js';
import {
  findLinkedUser,
  findOrganisationByCode,
  insertSignInState,
  linkIdentity,
  takeSignInState,
  touchIdentity,
} from './hub.repository.js';

// Sign-in through a partner hub (000 sections 2.5, 4 and 7). btc/authorize keeps a random state,
// nonce and PKCE verifier in a row bound to the browser (an httpOnly cookie's hash) and answers
// the hub's authorisation page; btc/login takes that row once, exchanges the code on the server,
// maps the hub identity to an account by (issuer, subject) and answers a one-hour auto sign-in
// key, which the web app uses like a sign-in link. The rules for unknown identities are in
// docs/decisions/accounts-and-sign-in.md ("Partner hub sign-in").

/** How long a started hub sign-in may take. */
export const HUB_SIGN_IN_MINUTES = 10;
/** Hub sign-ins one address may start in that time: a class behind one NAT fits, a flood of rows does not. */
export const HUB_STARTS_PER_ADDRESS = 60;

const clients = new WeakMap<THubConfig, HubClient>();

function hubOf(deps: TDeps): { hub: THubConfig; client: HubClient } {
  const hub = deps.config.hub;
  if (!hub) throw notFound(MSG.hubNotConfigured, ERROR_CODES.hubNotConfigured);
  let client = clients.get(hub);
  if (!client) {
    client = new HubClient(hub, `${deps.config.publicUrl}/btc/sign-in`);
    clients.set(hub, client);
  }
  return { hub, client };
}

/** The configured organisation; a code that names none is a set-up fault, answered as not configured. */
async function hubOrganisation(deps: TDeps, hub: THubConfig, log: FastifyBaseLogger) {
  const org = await findOrganisationByCode(deps.db, hub.orgCode);
  if (!org) {
    log.warn('hub sign-in: HUB_ORG_CODE names no organisation');
    throw notFound(MSG.hubNotConfigured, ERROR_CODES.hubNotConfigured);
  }
  return org;
}

function unavailable(log: FastifyBaseLogger, err: unknown): HttpError {
  log.warn({ hubError: classifyHubFailure(err).detail }, 'hub sign-in: the hub could not be reached');
  return new HttpError(502, MSG.hubUnavailable, ERROR_CODES.hubUnavailable);
}

/** Starts a hub sign-in from this browser (`binding`: the secret of its cookie). */
export async function startHubSignIn(
  deps: TDeps,
  binding: string,
  next: string | null | undefined,
  ip: string,
  log: FastifyBaseLogger,
): Promise<THubAuthorizeResponse> {
  const { hub, client } = hubOf(deps);
  await hubOrganisation(deps, hub, log);
  const key = `hub-start:address:${addressBucket(ip)}`;
  if (await reserveAll(deps.db, [{ key, windowSeconds: HUB_SIGN_IN_MINUTES * 60, limit: HUB_STARTS_PER_ADDRESS }])) {
    throw new HttpError(429, MSG.tooManyAttempts, ERROR_CODES.rateLimited);
  }
  const checks = HubClient.newChecks();
  let authorizationUrl: string;
  try {
    authorizationUrl = await client.authorizationUrl(checks);
  } catch (err) {
    throw unavailable(log, err);
  }
  await insertSignInState(deps.db, {
    stateHash: hashSecret(checks.state),
    bindingHash: hashSecret(binding),
    codeVerifier: checks.codeVerifier,
    nonce: checks.nonce,
    next: safeNext(next),
    expiresAt: addMinutes(new Date(), HUB_SIGN_IN_MINUTES),
  });
  return { authorizationUrl };
}

/** Finishes a hub sign-in: the browser's return from the hub, with its cookie's secret. */
export async function finishHubSignIn(
  deps: TDeps,
  binding: string | null,
  body: THubLoginBody,
  log: FastifyBaseLogger,
): Promise<THubLoginResponse> {
  const { hub, client } = hubOf(deps);
  const started = binding ? await takeSignInState(deps.db, hashSecret(body.state), hashSecret(binding)) : null;
  if (!started) throw badRequest(MSG.hubStateInvalid, ERROR_CODES.hubStateInvalid);
  if (body.error || !body.code) {
    log.info({ hubError: body.error?.slice(0, 40) }, 'hub sign-in: the hub answered an error');
    throw badRequest(MSG.hubRefused, ERROR_CODES.hubRefused);
  }
  const org = await hubOrganisation(deps, hub, log);
  let identity: THubIdentity;
  try {
    identity = await client.identity(
      { code: body.code, state: body.state, iss: body.iss },
      { state: body.state, nonce: started.nonce, codeVerifier: started.codeVerifier },
    );
  } catch (err) {
    const failure = classifyHubFailure(err);
    if (failure.kind === 'unavailable') throw unavailable(log, err);
    log.warn({ hubError: failure.detail }, 'hub sign-in: the hub did not confirm the code');
    throw badRequest(MSG.hubCodeRejected, ERROR_CODES.hubCodeRejected);
  }
  const userId = await accountOf(deps, hub, org, identity);
  const key = await issueKey(deps.db, userId, 'auto');
  return { apiKey: key.secret, orgCode: org.code, next: started.next };
}

type TOrg = NonNullable<Awaited<ReturnType<typeof findOrganisationByCode>>>;

/**
 * The account a hub identity signs in to: its linked account; else, when HUB_LINK_VERIFIED_EMAIL
 * is on and the hub marks the email verified, the organisation's account with that email (linked
 * now); else, when HUB_CREATE_ACCOUNTS is on, a new account in the organisation; else refused.
 */
async function accountOf(deps: TDeps, hub: THubConfig, org: TOrg, identity: THubIdentity): Promise<string> {
  const linked = await findLinkedUser(deps.db, identity.issuer, identity.subject);
  if (linked) {
    // Links are made in the hub's organisation only; one left from another set-up opens nothing.
    if (linked.orgId !== org.id) throw forbidden(MSG.hubIdentityUnknown, ERROR_CODES.hubIdentityUnknown);
    await touchIdentity(deps.db, identity.issuer, identity.subject);
    return linked.userId;
  }
  const existing = identity.email ? await findUserByEmail(deps.db, identity.email) : null;
  if (hub.linkVerifiedEmail && identity.emailVerified && existing && existing.org.id === org.id) {
    return linkOrWinner(deps, identity, existing.user.id);
  }
  if (!hub.createAccounts) throw forbidden(MSG.hubIdentityUnknown, ERROR_CODES.hubIdentityUnknown);
  if (!identity.email || !identity.emailVerified) throw forbidden(MSG.hubEmailUnverified, ERROR_CODES.hubEmailUnverified);
  if (existing) throw conflict(MSG.hubEmailTaken, ERROR_CODES.hubEmailTaken);
  return createAccount(deps, hub, org, identity);
}

/** Links the identity; when a parallel sign-in linked it first, that link wins. */
async function linkOrWinner(deps: TDeps, identity: THubIdentity, userId: string): Promise<string> {
  if (await linkIdentity(deps.db, identity.issuer, identity.subject, userId)) return userId;
  const winner = await findLinkedUser(deps.db, identity.issuer, identity.subject);
  if (!winner) throw forbidden(MSG.hubIdentityUnknown, ERROR_CODES.hubIdentityUnknown);
  return winner.userId;
}

/** Names for a new account from the hub's claims, cut to the spec's limits. */
function namesOf(identity: THubIdentity) {
  const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
  const firstName = (identity.givenName ?? first ?? identity.email!.split('@')[0]!).slice(0, LIMITS.firstName);
  const lastName = (identity.familyName ?? (rest.join(' ') || '-')).slice(0, LIMITS.lastName);
  const name = (identity.name ?? `${firstName} ${lastName}`).slice(0, LIMITS.fullName);
  return { firstName, lastName, name };
}

class LostRace extends Error {}

/**
 * Creates the account in the hub's organisation with a random password (the owner may set one
 * with "Forgot password?"), links the identity, and, with HUB_GROUP_CODE, makes it a speaker of
 * that group, taking a seat under the organisation's seat limit in the same transaction.
 */
async function createAccount(deps: TDeps, hub: THubConfig, org: TOrg, identity: THubIdentity): Promise<string> {
  const group = hub.groupCode ? await findGroupByInviteCode(deps.db, hub.groupCode) : null;
  if (hub.groupCode && (!group || group.org.id !== org.id)) throw notFound(MSG.hubNotConfigured, ERROR_CODES.hubNotConfigured);
  const passwordHash = await hashPassword(newSecret());
  const userId = await deps.db
    .transaction(async (tx) => {
      const locked = group ? await takeSpeakerSeat(tx, org.id, null, MSG.seatLimit) : org;
      const id = await insertUser(tx, {
        orgId: org.id,
        email: identity.email!,
        passwordHash,
        ...namesOf(identity),
        metadata: {},
        emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      });
      if (!id) throw new LostRace();
      // Thrown, not returned: the account just inserted is rolled back with the transaction.
      if (!(await linkIdentity(tx, identity.issuer, identity.subject, id))) throw new LostRace();
      if (group) await upsertSpeakerMembership(tx, id, group.group, locked);
      return id;
    })
    .catch((err: unknown) => {
      if (err instanceof LostRace) return null;
      throw err;
    });
  if (userId) return userId;
  // A parallel sign-in of the same identity created it first, or the email was taken meanwhile.
  const winner = await findLinkedUser(deps.db, identity.issuer, identity.subject);
  if (winner) return winner.userId;
  throw conflict(MSG.hubEmailTaken, ERROR_CODES.hubEmailTaken);
}
