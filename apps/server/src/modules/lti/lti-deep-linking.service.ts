import { randomBytes } from 'node:crypto';
import { addMinutes } from 'date-fns';
import { API_PREFIX, ERROR_CODES, LTI_MSG, ROUTES } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { HttpError } from '../../errors.js';
import { hashSecret, newSecret } from '../../auth/keys.js';
import { issueKey } from '../auth/index.js';
import { findAssignmentInOrg, isOpenAssignment, listGroupAssignments } from '../assignments/index.js';
import type { TOrgRow } from '../org/index.js';
import { CLAIM, CUSTOM_ASSIGNMENT, DEEP_LINKING_RESPONSE, LTI_VERSION } from './lti-claims.js';
import { signToolJwt, type TLtiClaims } from './lti-jwt.js';
import { currentToolKey, signingKeyOf } from './lti-keys.js';
import { framingOf, LaunchRefusal } from './lti-refusal.js';
import { ltiPaths } from './lti-tool-values.js';
import { findPlatformById, insertDeepLinkSession, takeDeepLinkSession, type TPlatformRow } from './lti.repository.js';

// Deep Linking 2.0 (issue 42 item 3): on an LtiDeepLinkingRequest the coach sees the class's open
// assignments on a small page rendered here (lti-pages.ts; no web route is needed for one list
// and one button) and picks one; the tool answers an LtiDeepLinkingResponse signed with its
// current key, auto-posted to the platform's deep_link_return_url. The content item is one
// ltiResourceLink back to the launch address, its custom parameter naming the assignment, with a
// line item when the assignment is graded by a scorecard.

/** How long the pick page may stay open. */
export const DEEP_LINK_MINUTES = 30;
/** The line item's maximum: scores go to the gradebook as a percentage (the scorecard's total scaled to 100). */
export const LINE_ITEM_SCORE_MAXIMUM = 100;

export type TPickerPage = {
  className: string;
  token: string;
  action: string;
  returnUrl: string;
  editorUrl: string;
  assignments: { id: string; name: string; graded: boolean }[];
};

const messageInvalid = () => new HttpError(400, LTI_MSG.messageInvalid, ERROR_CODES.ltiMessageInvalid);

export async function startDeepLinking(
  deps: TDeps,
  v: { platform: TPlatformRow; org: TOrgRow; userId: string; groupId: string; groupName: string; deploymentId: string; claims: TLtiClaims },
): Promise<TPickerPage> {
  const settings = v.claims[CLAIM.deepLinkingSettings] as
    | { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown }
    | undefined;
  const returnUrl = settings?.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl) || returnUrl.length > 2000) throw messageInvalid();
  if (Array.isArray(settings?.accept_types) && !settings.accept_types.includes('ltiResourceLink')) throw messageInvalid();
  const token = newSecret();
  await insertDeepLinkSession(deps.db, {
    tokenHash: hashSecret(token),
    platformId: v.platform.id,
    userId: v.userId,
    groupId: v.groupId,
    deploymentId: v.deploymentId,
    returnUrl,
    data: typeof settings?.data === 'string' ? settings.data.slice(0, 4000) : null,
    expiresAt: addMinutes(new Date(), DEEP_LINK_MINUTES),
  });
  const rows = await listGroupAssignments(deps.db, v.groupId);
  const key = await issueKey(deps.db, v.userId, 'auto');
  const editor = new URLSearchParams({ key: `${v.org.code}-${key.secret}`, next: ROUTES.assignmentCreate.path });
  return {
    className: v.groupName,
    token,
    action: `${deps.config.publicUrl}${API_PREFIX}${ltiPaths.deepLink}`,
    returnUrl,
    editorUrl: `${deps.config.publicUrl}${ROUTES.signIn.path}?${editor.toString()}`,
    assignments: rows.filter((r) => isOpenAssignment(r.a)).map((r) => ({ id: r.a.id, name: r.a.name, graded: !!r.scorecard })),
  };
}

/** The coach's pick: the signed response and where to post it. */
export async function pickDeepLink(
  deps: TDeps,
  body: { token: string; assignmentId: string },
): Promise<{ platform: TPlatformRow; returnUrl: string; jwt: string }> {
  const session = await takeDeepLinkSession(deps.db, hashSecret(body.token));
  if (!session) throw new HttpError(400, LTI_MSG.deepLinkExpired, ERROR_CODES.ltiDeepLinkExpired);
  const platform = await findPlatformById(deps.db, session.platformId);
  if (!platform) throw new HttpError(400, LTI_MSG.deepLinkExpired, ERROR_CODES.ltiDeepLinkExpired);
  const found = await findAssignmentInOrg(deps.db, platform.orgId, body.assignmentId);
  if (!found || found.a.groupId !== session.groupId || !isOpenAssignment(found.a)) {
    const err = new HttpError(404, LTI_MSG.assignmentNotFound, ERROR_CODES.resourceNotFound);
    throw new LaunchRefusal(err, framingOf(platform, session.returnUrl));
  }
  const item: Record<string, unknown> = {
    type: 'ltiResourceLink',
    title: found.a.name,
    url: `${deps.config.publicUrl}${API_PREFIX}${ltiPaths.launch}`,
    custom: { [CUSTOM_ASSIGNMENT]: found.a.id },
  };
  if (found.scorecard) {
    item.lineItem = { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: found.a.name, resourceId: found.a.id };
  }
  const keyRow = await currentToolKey(deps.db, deps.mediaSecret, platform.orgId);
  const jwt = await signToolJwt(
    { kid: keyRow.kid, privateKey: await signingKeyOf(deps.mediaSecret, keyRow) },
    {
      iss: platform.clientId,
      aud: platform.issuer,
      nonce: randomBytes(16).toString('base64url'),
      [CLAIM.messageType]: DEEP_LINKING_RESPONSE,
      [CLAIM.version]: LTI_VERSION,
      [CLAIM.deploymentId]: session.deploymentId,
      [CLAIM.contentItems]: [item],
      ...(session.data !== null ? { [CLAIM.deepLinkingData]: session.data } : {}),
    },
  );
  return { platform, returnUrl: session.returnUrl, jwt };
}
