import { addMinutes } from 'date-fns';
import { API_PREFIX, DEFAULT_EMAIL_PREFERENCES, ERROR_CODES, LIMITS, LTI_MSG, MSG, ROUTES, type TLtiLogin } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { HttpError, forbidden } from '../../errors.js';
import { hashSecret, newSecret } from '../../auth/keys.js';
import { hashPassword } from '../../auth/passwords.js';
import { canonicalUserOrgRoles, hasActiveRole, isActiveSpeakerIn } from '../../auth/policies.js';
import { addressBucket, findUserByEmail, insertUser, issueKey, reserveAll } from '../auth/index.js';
import { findMembership, findOrgGroup, insertManagerMembership, takeSpeakerSeat, upsertSpeakerMembership } from '../memberships/index.js';
import { findOrganisation, type TOrgRow } from '../org/index.js';
import { createGroup } from '../groups/index.js';
import { findAssignmentInOrg, isOpenAssignment } from '../assignments/index.js';
import { CLAIM, CUSTOM_ASSIGNMENT, DEEP_LINKING_REQUEST, launchRole, type TLaunchRole } from './lti-claims.js';
import { type TLtiClaims, verifyIdToken } from './lti-jwt.js';
import { framingOf, LaunchRefusal } from './lti-refusal.js';
import type { TFraming } from './lti-pages.js';
import { ltiPaths } from './lti-tool-values.js';
import {
  findContext,
  findLinkedUser,
  findPlatformById,
  findPlatformsByIssuer,
  insertContext,
  insertLaunchState,
  keepLineItem,
  linkIdentity,
  takeLaunchState,
  touchIdentity,
  type TPlatformRow,
  updateContextServices,
  upsertResourceLink,
  useNonce,
} from './lti.repository.js';
import { startDeepLinking, type TPickerPage } from './lti-deep-linking.service.js';

// An LTI 1.3 launch (issue 42 item 2; LTI Core 1.3 section 5 and the 1EdTech Security Framework):
// the platform's OIDC login initiation, answered with a redirect to its authorisation endpoint
// carrying a state and nonce kept here and bound to the browser by a cookie; then the platform's
// form post of an id_token, verified (lti-jwt.ts), which signs the person in by a one-time
// sign-in key (the hub sign-in's ending) after mapping them to an account, a role and the class
// the course maps to.

/** How long a started login may take. */
export const LOGIN_MINUTES = 10;
/** Logins one address may start in that time: a class behind one NAT fits, a flood of rows does not. */
export const LOGINS_PER_ADDRESS = 120;

const refuse = (status: number, message: string, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES]) =>
  new HttpError(status, message, code);

/** The platform a login names; with several registrations of one issuer, client_id must say which. */
async function platformOfLogin(deps: TDeps, login: TLtiLogin): Promise<TPlatformRow> {
  const found = await findPlatformsByIssuer(deps.db, login.iss, login.client_id);
  if (found.length !== 1) throw refuse(400, LTI_MSG.unknownPlatform, ERROR_CODES.ltiUnknownPlatform);
  return found[0]!;
}

/** OIDC login initiation: where to send the browser (the platform's authorisation endpoint). */
export async function startLogin(deps: TDeps, binding: string, login: TLtiLogin, ip: string): Promise<string> {
  const platform = await platformOfLogin(deps, login);
  const refused = (err: HttpError) => new LaunchRefusal(err, framingOf(platform));
  if (login.lti_deployment_id && !platform.deploymentIds.includes(login.lti_deployment_id)) {
    throw refused(refuse(400, LTI_MSG.unknownDeployment, ERROR_CODES.ltiUnknownDeployment));
  }
  // The launch may only lead back here, never to another site.
  if (!login.target_link_uri.startsWith(`${deps.config.publicUrl}/`)) {
    throw refused(refuse(400, LTI_MSG.messageInvalid, ERROR_CODES.ltiMessageInvalid));
  }
  const key = `lti-login:address:${addressBucket(ip)}`;
  if (await reserveAll(deps.db, [{ key, windowSeconds: LOGIN_MINUTES * 60, limit: LOGINS_PER_ADDRESS }])) {
    throw refused(refuse(429, MSG.tooManyAttempts, ERROR_CODES.rateLimited));
  }
  const state = newSecret();
  const nonce = newSecret();
  const loginParams = Object.fromEntries(Object.entries(login).filter((e): e is [string, string] => typeof e[1] === 'string'));
  await insertLaunchState(deps.db, {
    stateHash: hashSecret(state),
    bindingHash: hashSecret(binding),
    platformId: platform.id,
    nonce,
    targetLinkUri: login.target_link_uri,
    loginParams,
    expiresAt: addMinutes(new Date(), LOGIN_MINUTES),
  });
  const url = new URL(platform.authorizationUrl);
  const q = url.searchParams;
  q.set('scope', 'openid');
  q.set('response_type', 'id_token');
  q.set('response_mode', 'form_post');
  q.set('prompt', 'none');
  q.set('client_id', platform.clientId);
  q.set('redirect_uri', `${deps.config.publicUrl}${API_PREFIX}${ltiPaths.launch}`);
  q.set('login_hint', login.login_hint);
  if (login.lti_message_hint) q.set('lti_message_hint', login.lti_message_hint);
  q.set('state', state);
  q.set('nonce', nonce);
  return url.toString();
}

export type TLaunchResult =
  | { kind: 'landing'; framing: TFraming; heading: string; text: string; openUrl: string }
  | ({ kind: 'picker'; framing: TFraming } & TPickerPage);

/** The platform's form post: verifies it and signs the person in, or throws a LaunchRefusal. */
export async function finishLaunch(deps: TDeps, binding: string | null, body: { id_token: string; state: string }): Promise<TLaunchResult> {
  const started = await takeLaunchState(deps.db, hashSecret(body.state));
  if (!started) throw new LaunchRefusal(refuse(400, LTI_MSG.stateInvalid, ERROR_CODES.ltiStateInvalid), { frameAncestors: [] });
  const platform = await findPlatformById(deps.db, started.platformId);
  if (!platform) throw new LaunchRefusal(refuse(400, LTI_MSG.unknownPlatform, ERROR_CODES.ltiUnknownPlatform), { frameAncestors: [] });
  let framing = framingOf(platform);
  try {
    // The cookie missing or another browser's: most often a browser that blocks cookies in the
    // LMS's iframe; the same login in a tab of its own works.
    if (!binding || hashSecret(binding) !== started.bindingHash) {
      const retry = new URL(`${deps.config.publicUrl}${API_PREFIX}${ltiPaths.login}`);
      for (const [k, v] of Object.entries(started.loginParams)) retry.searchParams.set(k, v);
      throw new LaunchRefusal(refuse(400, LTI_MSG.stateInvalid, ERROR_CODES.ltiStateInvalid), framing, retry.toString());
    }
    const { claims, messageType, deploymentId } = await verifyIdToken(deps.config, platform, body.id_token);
    const presentation = claims[CLAIM.launchPresentation] as { return_url?: unknown } | undefined;
    framing = framingOf(platform, typeof presentation?.return_url === 'string' ? presentation.return_url : null);
    const expiresAt = new Date(((claims.exp ?? 0) + 60) * 1000);
    if (!(await useNonce(deps.db, platform.id, claims.nonce, expiresAt))) {
      throw refuse(401, LTI_MSG.nonceReplayed, ERROR_CODES.ltiNonceReplayed);
    }
    if (claims.nonce !== started.nonce) throw refuse(401, LTI_MSG.tokenInvalid, ERROR_CODES.ltiTokenInvalid);
    return await signIn(deps, platform, claims, messageType, deploymentId, framing);
  } catch (err) {
    if (err instanceof LaunchRefusal) throw err;
    if (err instanceof HttpError) throw new LaunchRefusal(err, framing);
    throw err;
  }
}

type TContextClaim = { id?: unknown; title?: unknown; label?: unknown };
const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

async function signIn(
  deps: TDeps,
  platform: TPlatformRow,
  claims: TLtiClaims,
  messageType: string,
  deploymentId: string,
  framing: TFraming,
): Promise<TLaunchResult> {
  const context = (claims[CLAIM.context] ?? {}) as TContextClaim;
  const contextId = str(context.id, 255);
  if (!contextId) throw refuse(400, LTI_MSG.messageInvalid, ERROR_CODES.ltiMessageInvalid);
  const roles = Array.isArray(claims[CLAIM.roles]) ? (claims[CLAIM.roles] as unknown[]).filter((r) => typeof r === 'string') : [];
  const claimed = launchRole(roles as string[], platform.adminRoleGrantsOrgAdmin);
  if (!claimed) throw forbidden(LTI_MSG.roleMissing, ERROR_CODES.ltiRoleMissing);
  if (messageType === DEEP_LINKING_REQUEST && claimed === 'speaker') throw forbidden(LTI_MSG.roleMissing, ERROR_CODES.ltiRoleMissing);
  const org = await findOrganisation(deps.db, platform.orgId);
  if (!org) throw refuse(400, LTI_MSG.unknownPlatform, ERROR_CODES.ltiUnknownPlatform);

  const group = await groupOfContext(deps, platform, org, deploymentId, contextId, context);
  const { userId, role } = await accountOf(deps, platform, org, claims, claimed, group.groupId);
  await updateContextServices(deps.db, group.contextRowId, servicesOf(claims, str(context.title, 200)));

  if (messageType === DEEP_LINKING_REQUEST) {
    const page = await startDeepLinking(deps, {
      platform,
      org,
      userId,
      groupId: group.groupId,
      groupName: group.name,
      deploymentId,
      claims,
    });
    return { kind: 'picker', ...page, framing: framingOf(platform, page.returnUrl) };
  }
  const assignmentId = await resourceLinkOf(deps, org.id, group, claims);
  const path =
    role === 'speaker'
      ? `${ROUTES.record.path}${assignmentId ? `?assignmentId=${assignmentId}` : ''}`
      : assignmentId
        ? ROUTES.assignmentDetails.path.replace(':assignmentId', assignmentId)
        : ROUTES.coachDashboard.path;
  return {
    kind: 'landing',
    framing,
    heading: 'You are signed in to Rostrum',
    text: assignmentId
      ? role === 'speaker'
        ? 'Open Rostrum to record your speech for this assignment.'
        : 'Open Rostrum to see this assignment and your students’ recordings.'
      : 'Open Rostrum to continue in your class.',
    openUrl: await handoffUrl(deps, userId, org.code, path),
  };
}

/** A link into the app that signs in once, within the hour (the sign-in link of 000 section 4). */
export async function handoffUrl(deps: TDeps, userId: string, orgCode: string, next: string): Promise<string> {
  const key = await issueKey(deps.db, userId, 'auto');
  const q = new URLSearchParams({ key: `${orgCode}-${key.secret}`, next });
  return `${deps.config.publicUrl}${ROUTES.signIn.path}?${q.toString()}`;
}

function servicesOf(claims: TLtiClaims, title: string | null) {
  const ags = claims[CLAIM.agsEndpoint] as { lineitems?: unknown; scope?: unknown } | undefined;
  const nrps = claims[CLAIM.nrps] as { context_memberships_url?: unknown } | undefined;
  return {
    title,
    lineItemsUrl: str(ags?.lineitems, 2000),
    agsScopes: Array.isArray(ags?.scope) ? ags.scope.filter((s): s is string => typeof s === 'string').slice(0, 10) : [],
    membershipsUrl: str(nrps?.context_memberships_url, 2000),
  };
}

/**
 * The class a course maps to; a course seen for the first time gets a new class named from its
 * title, made with the groups module's createGroup acting for the organisation (as its admin would:
 * the org admin allowed it by registering the platform). A name already taken gets the course's
 * label or id after it.
 */
async function groupOfContext(
  deps: TDeps,
  platform: TPlatformRow,
  org: TOrgRow,
  deploymentId: string,
  contextId: string,
  context: TContextClaim,
): Promise<{ groupId: string; name: string; contextRowId: string }> {
  const known = await findContext(deps.db, platform.id, deploymentId, contextId);
  if (known) return { groupId: known.groupId, name: known.title ?? contextId, contextRowId: known.id };
  const title =
    str(context.title, LIMITS.groupName) ?? str(context.label, LIMITS.groupName) ?? `Course ${contextId}`.slice(0, LIMITS.groupName);
  const actor: TAuth = { userId: '00000000-0000-0000-0000-000000000000', orgId: org.id, orgCode: org.code, orgRoles: ['admin'], keyId: '' };
  const suffix = str(context.label, 40) ?? contextId.slice(0, 40);
  const names = [title, `${title.slice(0, LIMITS.groupName - suffix.length - 3)} (${suffix})`];
  for (let n = 2; n <= 5; n++) names.push(`${title.slice(0, LIMITS.groupName - 4)} (${n})`);
  let created: Awaited<ReturnType<typeof createGroup>> | null = null;
  for (const name of names) {
    created = await createGroup(deps, actor, { name }).catch((err: unknown) => {
      if (err instanceof HttpError && err.code === ERROR_CODES.groupNameTaken) return null;
      throw err;
    });
    if (created) break;
  }
  if (!created) throw refuse(409, MSG.groupSaveFailed, ERROR_CODES.groupNameTaken);
  const row = await insertContext(deps.db, { platformId: platform.id, deploymentId, contextId, title, groupId: created.groupId });
  // A parallel first launch of the course mapped it first: its class wins (this one stays, empty).
  const winner = row ?? (await findContext(deps.db, platform.id, deploymentId, contextId));
  if (!winner) throw refuse(409, MSG.groupSaveFailed, ERROR_CODES.conflict);
  return { groupId: winner.groupId, name: winner.title ?? title, contextRowId: winner.id };
}

/** The assignment a resource link opens: the one it was linked to, else the deep link's custom parameter, if it is the class's. */
async function resourceLinkOf(
  deps: TDeps,
  orgId: string,
  group: { groupId: string; contextRowId: string },
  claims: TLtiClaims,
): Promise<string | null> {
  const link = claims[CLAIM.resourceLink] as { id?: unknown; title?: unknown } | undefined;
  const linkId = str(link?.id, 255);
  if (!linkId) throw refuse(400, LTI_MSG.messageInvalid, ERROR_CODES.ltiMessageInvalid);
  const custom = (claims[CLAIM.custom] ?? {}) as Record<string, unknown>;
  const wanted = str(custom[CUSTOM_ASSIGNMENT], 64);
  let assignmentId: string | null = null;
  if (wanted && /^[0-9a-f-]{36}$/i.test(wanted)) {
    const found = await findAssignmentInOrg(deps.db, orgId, wanted.toLowerCase());
    if (found && found.a.groupId === group.groupId && isOpenAssignment(found.a)) assignmentId = found.a.id;
  }
  const row = await upsertResourceLink(deps.db, {
    contextId: group.contextRowId,
    resourceLinkId: linkId,
    assignmentId,
    title: str(link?.title, 200),
  });
  const ags = claims[CLAIM.agsEndpoint] as { lineitem?: unknown } | undefined;
  const lineItem = str(ags?.lineitem, 2000);
  if (lineItem) await keepLineItem(deps.db, row.id, lineItem);
  return row.assignmentId;
}

/** Names for a new account from the claims, cut to the spec's limits. */
function namesOf(claims: TLtiClaims) {
  const full = str(claims.name, LIMITS.fullName);
  const [first, ...rest] = (full ?? '').split(/\s+/).filter(Boolean);
  const firstName = str(claims.given_name, LIMITS.firstName) ?? first?.slice(0, LIMITS.firstName) ?? 'Student';
  const lastName = str(claims.family_name, LIMITS.lastName) ?? (rest.join(' ').slice(0, LIMITS.lastName) || '-');
  return { firstName, lastName, name: (full ?? `${firstName} ${lastName}`).slice(0, LIMITS.fullName) };
}

class LostRace extends Error {}

/**
 * The account the launch signs in to, with the role it maps to in the class: the identity's
 * linked account, else a new account in the platform's organisation. A learner takes a speaker
 * seat through takeSpeakerSeat in the transaction that writes the membership (402 when the seats
 * are all in use); an instructor becomes the class's coach; an allowed administrator an org admin.
 */
export async function accountOf(
  deps: TDeps,
  platform: TPlatformRow,
  org: TOrgRow,
  claims: TLtiClaims,
  role: TLaunchRole,
  groupId: string,
): Promise<{ userId: string; role: TLaunchRole }> {
  const issuer = platform.issuer;
  const linked = await findLinkedUser(deps.db, issuer, claims.sub);
  if (linked) {
    // Links are made in the platform's organisation only; one left from another set-up opens nothing.
    if (linked.orgId !== org.id) throw forbidden(LTI_MSG.unknownPlatform, ERROR_CODES.ltiUnknownPlatform);
    await touchIdentity(deps.db, issuer, claims.sub);
    // Org admin is granted when an account is made only; an existing account that is not one is the class's coach.
    const effective = role === 'admin' && !linked.orgRoles.includes('admin') ? 'coach' : role;
    await deps.db.transaction((tx) => grantRole(tx, org, linked.userId, effective, groupId));
    return { userId: linked.userId, role: effective };
  }
  // Without an email claim (a platform that withholds it) the account gets an address that cannot receive mail.
  const email = (str(claims.email, LIMITS.email) ?? `${hashSecret(`${issuer} ${claims.sub}`).slice(0, 24)}@lti.invalid`).toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new HttpError(409, LTI_MSG.emailTaken, ERROR_CODES.ltiEmailTaken);
  const passwordHash = await hashPassword(newSecret());
  const userId = await deps.db
    .transaction(async (tx) => {
      const id = await insertUser(tx, {
        orgId: org.id,
        email,
        passwordHash,
        ...namesOf(claims),
        orgRoles: role === 'admin' ? canonicalUserOrgRoles(['admin']) : [],
        metadata: {},
        emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      });
      if (!id) throw new LostRace();
      if (!(await linkIdentity(tx, { issuer, subject: claims.sub, platformId: platform.id, userId: id }))) throw new LostRace();
      await grantRole(tx, org, id, role, groupId);
      return id;
    })
    .catch((err: unknown) => {
      if (err instanceof LostRace) return null;
      throw err;
    });
  if (userId) return { userId, role };
  const winner = await findLinkedUser(deps.db, issuer, claims.sub);
  if (winner) return { userId: winner.userId, role: role === 'admin' && !winner.orgRoles.includes('admin') ? 'coach' : role };
  throw new HttpError(409, LTI_MSG.emailTaken, ERROR_CODES.ltiEmailTaken);
}

/** The class membership the role asks for, through the memberships module's rules. */
async function grantRole(tx: TDeps['db'], org: TOrgRow, userId: string, role: TLaunchRole, groupId: string): Promise<void> {
  const existing = await findMembership(tx, userId, groupId);
  if (role === 'coach') {
    await insertManagerMembership(tx, userId, groupId);
    return;
  }
  // An org admin sees every class as its coach does; a coach of the class stays its coach.
  if (role === 'admin' || hasActiveRole(existing, 'manager') || isActiveSpeakerIn(existing)) return;
  const locked = await takeSpeakerSeat(tx, org.id, userId, LTI_MSG.seatsFull);
  const group = await findOrgGroup(tx, org.id, groupId);
  if (!group) throw refuse(404, MSG.notFound, ERROR_CODES.resourceNotFound);
  await upsertSpeakerMembership(tx, userId, group, locked);
}
