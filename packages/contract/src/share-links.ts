import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZResultsSchema } from './results.js';
import { ZWordspottingUsedSchema } from './wordspotting-lists.js';

// Public share links (issue 20): an owner's revocable, expiring, read-only link to one
// recording's results, where the organisation allows it (Public_Share_Links, off by default).

/** The expiries an owner chooses from, in days. */
export const SHARE_LINK_DAYS = [1, 7, 30] as const;
export const SHARE_LINK_DAY_LABELS: Record<(typeof SHARE_LINK_DAYS)[number], string> = { 1: '1 day', 7: '7 days', 30: '30 days' };

/** Links one recording may have that are still valid; older ones must be revoked first. */
export const MAX_ACTIVE_SHARE_LINKS = 10;

export const SHARE_MSG = {
  gone: 'This link has expired or was turned off',
  goneText: 'Ask the person who shared it for a new link.',
  disabled: 'Public share links are not allowed in your organisation',
  tooMany: `A recording may have at most ${MAX_ACTIVE_SHARE_LINKS} active share links. Revoke one first.`,
  rateLimited: 'Too many requests for shared links. Please wait a few minutes and try again.',
} as const;

/** A share token: 256 random bits, base64url (43 characters). Anything else is not looked up. */
export const ZShareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a share link');
export const ZShareTokenParamsSchema = z.object({ token: ZShareTokenSchema });
export const ZShareMediaParamsSchema = z.object({ token: ZShareTokenSchema, kind: z.enum(['audio', 'video', 'peaks']) });

export const ZCreateShareLinkBodySchema = z
  .object({ expiresInDays: z.union(SHARE_LINK_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>]) })
  .strict();
export type TCreateShareLinkBody = z.infer<typeof ZCreateShareLinkBodySchema>;

export const ZShareLinkStatusSchema = z.enum(['active', 'expired', 'revoked']);

/** A link as its owner lists it: the token itself is never stored, so never listed. */
export const ZShareLinkSchema = z.object({
  shareLinkId: ZIdSchema,
  recordingId: ZIdSchema,
  createdDate: z.iso.datetime(),
  expiresDate: z.iso.datetime(),
  revokedDate: z.iso.datetime().nullable(),
  status: ZShareLinkStatusSchema,
});
export type TShareLink = z.infer<typeof ZShareLinkSchema>;

/** The answer to creating a link: the link plus its token and web path, shown this once. */
export const ZCreatedShareLinkSchema = ZShareLinkSchema.extend({ token: ZShareTokenSchema, path: z.string() });
export type TCreatedShareLink = z.infer<typeof ZCreatedShareLinkSchema>;

/** The web path of a share link. */
export const sharePath = (token: string) => `/s/${token}`;

/**
 * What a share link shows (GET shared/{token}): the results page's read-only parts and nothing
 * else: no names, emails, group, comments or other recordings. Media addresses work only through
 * the token, for this recording, while the link is valid.
 */
export const ZSharedRecordingSchema = z.object({
  title: z.string(),
  createdDate: z.iso.datetime(),
  duration: z.number().nullable(),
  isVideo: z.boolean(),
  numSpeakers: z.number().int().min(1).max(5),
  speakerNum: z.number().int().min(1).max(5).nullable(),
  playbackUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  peaksUrl: z.string().nullable(),
  results: ZResultsSchema,
  wordList: ZWordspottingUsedSchema.nullable(),
  expiresDate: z.iso.datetime(),
});
export type TSharedRecording = z.infer<typeof ZSharedRecordingSchema>;
