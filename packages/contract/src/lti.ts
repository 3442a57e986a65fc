// LTI 1.3 Advantage, Rostrum as a tool (issue 42): the registration of a learning platform by an
// org admin, the tool's values to paste into it, its signing keys, and the launch messages'
// inputs. The launch pages are the platform's and the browser's, not the web app's.
import { z } from 'zod';
import { ZIdSchema } from './api.js';

/** The LTI Advantage scopes the tool asks a platform for (AGS and NRPS; items 4 and 5 of issue 42). */
export const LTI_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
] as const;

export const LTI_LIMITS = {
  name: 100,
  url: 500,
  clientId: 255,
  deploymentId: 255,
  deploymentIds: 50,
} as const;

export const LTI_MSG = {
  urlNotAllowed:
    'Use an https:// address on the public internet (http:// only for 127.0.0.1 or localhost, when this server allows it for testing).',
  platformTaken: 'A platform with this issuer and client id is already registered.',
  unknownPlatform: 'This learning platform is not registered with Rostrum. Ask your Rostrum administrator to register it.',
  unknownDeployment: 'This deployment of Rostrum is not registered. Ask your Rostrum administrator to add its deployment id.',
  stateInvalid:
    'This launch has expired, was already used, or your browser blocked Rostrum’s cookie. Open the link from your course again.',
  tokenInvalid: 'The learning platform’s launch message could not be verified. Open the link from your course again.',
  nonceReplayed: 'This launch message was already used. Open the link from your course again.',
  messageInvalid: 'This kind of launch is not supported by Rostrum.',
  platformUnreachable: 'The learning platform’s keys could not be fetched. Try again in a few minutes.',
  seatsFull: 'Your organisation has no free seats left. Ask your instructor or administrator to free a seat.',
  roleMissing: 'Your role in this course does not let you open Rostrum.',
  emailTaken: 'An account with your email already exists in another Rostrum organisation. Ask your administrator for help.',
  deepLinkExpired: 'This selection has expired. Start again from your course.',
  assignmentNotFound: 'This assignment was not found in your class. Ask your instructor to add it again.',
  notLinked: 'This class is not linked to a course with a roster in a learning platform. Launch Rostrum from the course first.',
  rosterUnavailable: 'The learning platform’s roster could not be read. Try again in a few minutes.',
} as const;

const ZUrlSchema = z.url({ protocol: /^https?$/ }).max(LTI_LIMITS.url);

/** POST/PUT lti/platforms: a platform's registration (org admins). */
export const ZLtiPlatformBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(LTI_LIMITS.name),
  issuer: ZUrlSchema,
  clientId: z.string().trim().min(1).max(LTI_LIMITS.clientId),
  deploymentIds: z.array(z.string().trim().min(1).max(LTI_LIMITS.deploymentId)).min(1).max(LTI_LIMITS.deploymentIds),
  authorizationUrl: ZUrlSchema,
  tokenUrl: ZUrlSchema,
  jwksUrl: ZUrlSchema,
  /** The platform's Administrator role makes an org admin here (off: such a user is a coach of the class). */
  adminRoleGrantsOrgAdmin: z.boolean().default(false),
  /** Scores reach the gradebook as drafts (gradingProgress Pending) the instructor publishes there. */
  gradesAsDrafts: z.boolean().default(false),
});
export type TLtiPlatformBody = z.infer<typeof ZLtiPlatformBodySchema>;

/** What the admin pastes into the platform. */
export const ZLtiToolValuesSchema = z.object({
  loginInitiationUrl: z.string(),
  launchUrl: z.string(),
  redirectUris: z.array(z.string()),
  deepLinkingUrl: z.string(),
  jwksUrl: z.string(),
  scopes: z.array(z.string()),
});

export const ZLtiPlatformSchema = z.object({
  platformId: z.uuid(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
  adminRoleGrantsOrgAdmin: z.boolean(),
  gradesAsDrafts: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tool: ZLtiToolValuesSchema,
});
export type TLtiPlatform = z.infer<typeof ZLtiPlatformSchema>;
export const ZLtiPlatformListSchema = z.array(ZLtiPlatformSchema);
export const ZLtiPlatformParamsSchema = z.object({ platformId: ZIdSchema });

/** One of the tool's signing keys, as the admin sees it (never the private part). */
export const ZLtiToolKeySchema = z.object({
  kid: z.string(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  /** The key new messages are signed with. */
  current: z.boolean(),
  /** Still published in the JWKS (current, or retired within the grace period). */
  published: z.boolean(),
});
export const ZLtiToolKeyListSchema = z.array(ZLtiToolKeySchema);

/** A JSON Web Key Set (RFC 7517): the tool's public keys. */
export const ZLtiJwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
export const ZLtiOrgParamsSchema = z.object({ orgId: ZIdSchema });

const param = (max: number) => z.string().trim().min(1).max(max);

/** OIDC third-party login initiation (GET query or POST form). */
export const ZLtiLoginSchema = z.object({
  iss: param(LTI_LIMITS.url),
  login_hint: param(2000),
  target_link_uri: z.url({ protocol: /^https?$/ }).max(2000),
  lti_message_hint: param(4000).optional(),
  client_id: param(LTI_LIMITS.clientId).optional(),
  lti_deployment_id: param(LTI_LIMITS.deploymentId).optional(),
});
export type TLtiLogin = z.infer<typeof ZLtiLoginSchema>;

/** The platform's form post to the launch URL. */
export const ZLtiLaunchBodySchema = z.object({
  id_token: z.string().min(10).max(30_000),
  state: z.string().min(10).max(200),
});

/** The coach's pick on the Deep Linking page. */
export const ZLtiDeepLinkPickBodySchema = z.object({
  token: z.string().min(10).max(200),
  assignmentId: ZIdSchema,
});

/** POST groups/{groupId}/lti/roster-sync: what the sync of the class with its course's roster (NRPS) changed. */
export const ZLtiRosterSyncSchema = z.object({
  added: z.number().int().min(0),
  reactivated: z.number().int().min(0),
  deactivated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  /** Learners not added because the organisation's seats are all in use, by name. */
  refusedForSeats: z.array(z.string()),
});
export type TLtiRosterSync = z.infer<typeof ZLtiRosterSyncSchema>;

/** The one line the web shows after a sync. */
export function rosterSyncText(r: TLtiRosterSync): string {
  const parts = [
    [r.added, 'added'],
    [r.reactivated, 'reactivated'],
    [r.deactivated, 'deactivated'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, what]) => `${n} ${what}`);
  const head = parts.length ? `Roster synced: ${parts.join(', ')}.` : 'Roster synced: no changes.';
  const refused = r.refusedForSeats.length
    ? ` No free seats for ${r.refusedForSeats.length === 1 ? '1 student' : `${r.refusedForSeats.length} students`}: ${r.refusedForSeats.join(', ')}.`
    : '';
  return head + refused;
}
