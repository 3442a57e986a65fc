import { addDays } from 'date-fns';
import {
  API_PREFIX,
  ERROR_CODES,
  MAX_ACTIVE_SHARE_LINKS,
  SHARE_MSG,
  sharePath,
  type TCreatedShareLink,
  type TResults,
  type TShareLink,
  type TSharedRecording,
  type TCreateShareLinkBody,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { hashSecret, newSecret } from '../../auth/keys.js';
import { mayShareLink } from '../../auth/policies.js';
import { conflict, forbidden, HttpError, notFound } from '../../errors.js';
import { orgOfCaller } from '../org/index.js';
import { loadWithAccess } from '../recordings/index.js';
import {
  countActiveShareLinks,
  findShareLinkByHash,
  insertShareLink,
  listShareLinksOf,
  revokeShareLinkRow,
  type TShareLinkRow,
} from './share-links.repository.js';

// Public share links (issue 20). The owner of a recording, where the organisation allows it,
// makes a link with an expiry; anyone with the link sees that recording's results read-only,
// without signing in, until it expires, is revoked or the organisation turns share links off.

export function presentShareLink(l: TShareLinkRow, now = new Date()): TShareLink {
  return {
    shareLinkId: l.id,
    recordingId: l.recordingId,
    createdDate: l.createdAt.toISOString(),
    expiresDate: l.expiresAt.toISOString(),
    revokedDate: l.revokedAt?.toISOString() ?? null,
    status: l.revokedAt ? 'revoked' : l.expiresAt <= now ? 'expired' : 'active',
  };
}

/** The owner's recording (anyone else: 403 when they may see it, 404 when not, as other owner calls). */
async function loadOwned(deps: TDeps, auth: TAuth, recordingId: string) {
  const { row, access } = await loadWithAccess(deps, auth, recordingId);
  if (access !== 'owner') throw forbidden();
  return { row, access };
}

export async function createShareLink(
  deps: TDeps,
  auth: TAuth,
  recordingId: string,
  body: TCreateShareLinkBody,
  now = new Date(),
): Promise<TCreatedShareLink> {
  const { row, access } = await loadOwned(deps, auth, recordingId);
  const org = await orgOfCaller(deps.db, auth);
  if (!org?.settings.Public_Share_Links) throw forbidden(SHARE_MSG.disabled, ERROR_CODES.shareLinksDisabled);
  if (!mayShareLink(access, org.settings, row.r.status))
    throw conflict('This recording has no results to share yet.', ERROR_CODES.exportNoResults);
  if ((await countActiveShareLinks(deps.db, recordingId, now)) >= MAX_ACTIVE_SHARE_LINKS) throw conflict(SHARE_MSG.tooMany);
  const token = newSecret();
  const link = await insertShareLink(deps.db, {
    recordingId,
    createdBy: auth.userId,
    tokenHash: hashSecret(token),
    expiresAt: addDays(now, body.expiresInDays),
    createdAt: now,
  });
  return { ...presentShareLink(link, now), token, path: sharePath(token) };
}

export async function listShareLinks(deps: TDeps, auth: TAuth, recordingId: string): Promise<TShareLink[]> {
  await loadOwned(deps, auth, recordingId);
  const now = new Date();
  return (await listShareLinksOf(deps.db, recordingId)).map((l) => presentShareLink(l, now));
}

/** Revoking works whatever the organisation's setting: an owner can always end a link. */
export async function revokeShareLink(deps: TDeps, auth: TAuth, recordingId: string, linkId: string): Promise<TShareLink> {
  await loadOwned(deps, auth, recordingId);
  const now = new Date();
  const row = await revokeShareLinkRow(deps.db, recordingId, linkId, now);
  if (!row) throw notFound();
  return presentShareLink(row, now);
}

/** The link's recording while the link is valid; 404 for an unknown token, 410 for one that ended. */
export async function openShareLink(deps: TDeps, token: string, now = new Date()) {
  const found = await findShareLinkByHash(deps.db, hashSecret(token));
  if (!found) throw notFound(SHARE_MSG.gone, ERROR_CODES.shareLinkGone);
  const { link, r, orgSettings } = found;
  const valid =
    !link.revokedAt &&
    link.expiresAt > now &&
    !r.deletedAt &&
    r.status === 'done' &&
    !!r.results &&
    // The link is its maker's while they own the recording, and the organisation allows links.
    r.userId === link.createdBy &&
    !!orgSettings.Public_Share_Links;
  if (!valid) throw new HttpError(410, SHARE_MSG.gone, ERROR_CODES.shareLinkGone);
  return { link, r, results: r.results as TResults };
}

/** A shared recording's media address: through the token, so it works only while the link does. */
export const sharedMediaUrl = (token: string, kind: 'audio' | 'video' | 'peaks') => `${API_PREFIX}/shared/${token}/media/${kind}`;

/** What the share page shows: the results page's read-only parts; no names, group, comments or other recordings. */
export async function getSharedRecording(deps: TDeps, token: string): Promise<TSharedRecording> {
  const { link, r, results } = await openShareLink(deps, token);
  const url = (kind: 'audio' | 'video' | 'peaks', present: string | null) => (present ? sharedMediaUrl(token, kind) : null);
  return {
    title: r.title,
    createdDate: r.createdAt.toISOString(),
    duration: r.duration,
    isVideo: r.isVideo,
    numSpeakers: r.numSpeakers,
    speakerNum: r.speakerNum,
    playbackUrl: url('audio', r.playbackPath),
    videoUrl: url('video', r.videoPath),
    peaksUrl: url('peaks', r.peaksPath),
    results,
    // The list's words and kind only: its name may be a group's or an assignment's.
    wordList: r.wordspotting ? { source: r.wordspotting.source, name: null, words: r.wordspotting.words } : null,
    expiresDate: link.expiresAt.toISOString(),
  };
}
