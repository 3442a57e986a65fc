import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_CODES,
  INTAKE_MSG,
  RECORDING_LIMITS,
  ZCreateRecordingBodySchema,
  ZOOM_LIMITS,
  ZOOM_MSG,
  zoomTrimError,
  type TZoomConnection,
  type TZoomLinkBody,
  type TZoomMeeting,
  type TZoomMeetings,
  type TZoomRecordingFile,
  type ZZoomImportBodySchema,
} from '@rostrum/contract';
import type { z } from 'zod';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import type { TZoomConfig } from '../../config.js';
import { mayImportZoom } from '../../auth/policies.js';
import { badRequest, forbidden, HttpError, notFound } from '../../errors.js';
import { uploadsDirOf } from '../../storage/media-storage.js';
import { findOrganisation } from '../org/index.js';
import { findActiveSpeakerGroup } from '../memberships/index.js';
import { createRecording, finishUpload, removeRecordingRow } from '../recordings/index.js';
import { openSecret, sealSecret } from '../../auth/sealed-secrets.js';
import { type TZoomApiFile, type TZoomApiMeeting, type TZoomTokens, ZoomClient, ZoomError } from './zoom-client.js';
import { deleteZoomConnection, findZoomConnection, insertZoomState, saveZoomConnection, takeZoomState } from './zoom.repository.js';

// The Zoom import (002 sections 2.12, 5, 7, 8, 9): link a user's Zoom account by OAuth, list
// their cloud recordings of the last 15 days, and import one file, trimmed and named, as a
// recording ('zoom form') that the server downloads and sends through the upload's checks.

/** Zoom sends the browser back here with code and state (the app registers this address). */
export const ZOOM_REDIRECT_PATH = '/zoom-loading';
const STATE_TTL_MS = 10 * 60 * 1000;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60 * 1000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;
/** Zoom's audio and video files; chat, transcript and timeline files are not importable. */
const MEDIA_TYPES = new Set(['MP4', 'M4A']);

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

const unavailable = () => forbidden(ZOOM_MSG.unavailable, ERROR_CODES.zoomUnavailable);
const notLinked = () => new HttpError(409, ZOOM_MSG.notLinked, ERROR_CODES.zoomNotLinked);
const unreachable = (message: string = ZOOM_MSG.unreachable) => new HttpError(502, message, ERROR_CODES.zoomUnreachable);

/** Whether the caller is offered the import (policies.ts mayImportZoom). */
async function importAllowed(deps: TDeps, auth: TAuth): Promise<boolean> {
  if (!deps.config.zoom) return false;
  const org = await findOrganisation(deps.db, auth.orgId);
  const speaking = await findActiveSpeakerGroup(deps.db, auth.userId, auth.orgId, undefined);
  return mayImportZoom(org?.settings ?? {}, true, !!speaking);
}

async function zoomFor(deps: TDeps, auth: TAuth): Promise<{ cfg: TZoomConfig; client: ZoomClient }> {
  const cfg = deps.config.zoom;
  if (!cfg || !(await importAllowed(deps, auth))) throw unavailable();
  return { cfg, client: new ZoomClient(cfg) };
}

export async function getZoomConnection(deps: TDeps, auth: TAuth): Promise<TZoomConnection> {
  // linked holds with the import off too, so the profile page can still offer Disconnect Zoom.
  return { available: await importAllowed(deps, auth), linked: !!(await findZoomConnection(deps.db, auth.userId)) };
}

/** A fresh state bound to the caller, and Zoom's authorisation page that returns it to /zoom-loading. */
export async function startZoomAuthorization(deps: TDeps, auth: TAuth): Promise<{ authorizeUrl: string }> {
  const { client } = await zoomFor(deps, auth);
  const state = randomBytes(24).toString('base64url');
  await insertZoomState(deps.db, auth.userId, hashState(state), new Date(Date.now() + STATE_TTL_MS));
  return { authorizeUrl: client.authorizeUrl(state, deps.config.publicUrl + ZOOM_REDIRECT_PATH) };
}

async function storeTokens(deps: TDeps, cfg: TZoomConfig, userId: string, t: TZoomTokens): Promise<void> {
  await saveZoomConnection(deps.db, {
    userId,
    accessToken: sealSecret(cfg.tokenKey, t.accessToken),
    refreshToken: sealSecret(cfg.tokenKey, t.refreshToken),
    expiresAt: t.expiresAt,
    scope: t.scope,
  });
}

/** Zoom: save code. The state must be one handed to this caller, unused and not expired. */
export async function linkZoomAccount(deps: TDeps, auth: TAuth, body: TZoomLinkBody): Promise<TZoomConnection> {
  const { cfg, client } = await zoomFor(deps, auth);
  if (!(await takeZoomState(deps.db, auth.userId, hashState(body.state))))
    throw badRequest(ZOOM_MSG.linkFailed, ERROR_CODES.zoomLinkFailed);
  let tokens: TZoomTokens;
  try {
    tokens = await client.exchangeCode(body.code, deps.config.publicUrl + ZOOM_REDIRECT_PATH);
  } catch (err) {
    if (err instanceof ZoomError && err.kind === 'invalid_grant') throw badRequest(ZOOM_MSG.linkFailed, ERROR_CODES.zoomLinkFailed);
    throw unreachable();
  }
  await storeTokens(deps, cfg, auth.userId, tokens);
  return { available: true, linked: true };
}

/**
 * Unlinks the caller's Zoom account (the profile page's Disconnect Zoom): the stored tokens go,
 * and the grant is revoked at Zoom when the server can still reach it. Works with the import
 * switched off too, so a user can always take the link back.
 */
export async function disconnectZoom(deps: TDeps, auth: TAuth, log: { warn: (o: object, m: string) => void }): Promise<TZoomConnection> {
  const row = await deleteZoomConnection(deps.db, auth.userId);
  const cfg = deps.config.zoom;
  if (row && cfg) {
    const token = openSecret(cfg.tokenKey, row.refreshToken) ?? openSecret(cfg.tokenKey, row.accessToken);
    if (token) {
      try {
        await new ZoomClient(cfg).revoke(token);
      } catch (err) {
        // The link is gone here either way; the user can also remove the app in Zoom.
        log.warn({ kind: err instanceof ZoomError ? err.kind : 'error' }, 'zoom revoke failed');
      }
    }
  }
  return getZoomConnection(deps, auth);
}

/**
 * Calls Zoom with the caller's access token: refreshed first when (nearly) expired, and once more
 * when Zoom refuses it. A refused refresh (revoked or expired grant) unlinks the account: 409
 * zoom.not_linked, and the page sends the user to link again.
 */
async function withAccessToken<T>(
  deps: TDeps,
  auth: TAuth,
  zoom: { cfg: TZoomConfig; client: ZoomClient },
  call: (token: string) => Promise<T>,
) {
  const row = await findZoomConnection(deps.db, auth.userId);
  if (!row) throw notLinked();
  // Zoom rotates refresh tokens: a second refresh in this call uses the one the first received.
  let refreshToken = openSecret(zoom.cfg.tokenKey, row.refreshToken);
  const refresh = async (): Promise<string> => {
    if (!refreshToken) {
      await deleteZoomConnection(deps.db, auth.userId);
      throw notLinked();
    }
    try {
      const t = await zoom.client.refresh(refreshToken);
      await storeTokens(deps, zoom.cfg, auth.userId, t);
      refreshToken = t.refreshToken;
      return t.accessToken;
    } catch (err) {
      if (err instanceof ZoomError && err.kind === 'invalid_grant') {
        await deleteZoomConnection(deps.db, auth.userId);
        throw notLinked();
      }
      throw unreachable();
    }
  };
  const stored = openSecret(zoom.cfg.tokenKey, row.accessToken);
  let token = stored && row.expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now() ? stored : await refresh();
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(token);
    } catch (err) {
      if (!(err instanceof ZoomError) || err.kind !== 'unauthorized') throw err;
      if (attempt > 0) {
        await deleteZoomConnection(deps.db, auth.userId);
        throw notLinked();
      }
      token = await refresh();
    }
  }
}

function isImportable(f: TZoomApiFile): f is TZoomApiFile & { id: string; download_url: string; file_type: string } {
  return !!f.id && !!f.download_url && MEDIA_TYPES.has((f.file_type ?? '').toUpperCase()) && (f.status ?? 'completed') === 'completed';
}

function fileDuration(f: TZoomApiFile): number | null {
  if (!f.recording_start || !f.recording_end) return null;
  const s = Date.parse(f.recording_start);
  const e = Date.parse(f.recording_end);
  return Number.isNaN(s) || Number.isNaN(e) || e < s ? null : (e - s) / 1000;
}

function presentFile(f: TZoomApiFile & { id: string; file_type: string }): TZoomRecordingFile {
  return {
    fileId: f.id,
    fileType: f.file_type.toUpperCase(),
    recordingType: f.recording_type ?? null,
    fileSize: f.file_size ?? null,
    recordingStart: f.recording_start ?? null,
    recordingEnd: f.recording_end ?? null,
    duration: fileDuration(f),
  };
}

function presentMeeting(m: TZoomApiMeeting): TZoomMeeting {
  return {
    meetingId: m.uuid,
    topic: m.topic,
    startTime: m.start_time,
    duration: m.duration,
    files: m.recording_files.filter(isImportable).map(presentFile),
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Zoom errors that are not the user's link as the API's errors (the caller's 4xx come first). */
function zoomFailure(err: unknown): never {
  if (err instanceof HttpError) throw err;
  if (err instanceof ZoomError && err.kind === 'not_found') throw notFound(ZOOM_MSG.recordingNotFound, ERROR_CODES.zoomRecordingNotFound);
  throw unreachable();
}

/**
 * Zoom: get meeting recordings. The caller's cloud recordings of the last 15 days, newest
 * first, at most 100 meetings (recordingsDropped when Zoom has more), each with its audio and
 * video files only; meetings with none are left out.
 */
export async function listZoomMeetings(deps: TDeps, auth: TAuth): Promise<TZoomMeetings> {
  const zoom = await zoomFor(deps, auth);
  const to = new Date();
  const from = new Date(to.getTime() - ZOOM_LIMITS.windowDays * 24 * 3600 * 1000);
  const page = await withAccessToken(deps, auth, zoom, (token) =>
    zoom.client.listRecordings(token, { from: day(from), to: day(to), pageSize: ZOOM_LIMITS.maxMeetings }),
  ).catch(zoomFailure);
  const recordingsDropped =
    !!page.next_page_token || (page.total_records ?? 0) > ZOOM_LIMITS.maxMeetings || page.meetings.length > ZOOM_LIMITS.maxMeetings;
  const meetings = page.meetings
    .slice(0, ZOOM_LIMITS.maxMeetings)
    .map(presentMeeting)
    .filter((m) => m.files.length > 0)
    .sort((a, b) => b.startTime.localeCompare(a.startTime));
  return { meetings, recordingsDropped };
}

/** The meeting's topic as a file name: path and control characters become spaces. */
function fileNameOf(topic: string, fileType: string): string {
  const clean = [...(topic.trim() || 'Zoom recording')]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('');
  return `${clean.slice(0, 240)}.${fileType === 'M4A' ? 'm4a' : 'mp4'}`;
}

/**
 * Zoom: upload recording. The file is looked up at Zoom again (its download address never comes
 * from the browser), checked (trim at most 15 minutes, at most 200 MB), then a recording is made
 * with the intake's own rules (assignment or group, sharing, algorithm; recordings.service.ts),
 * the file downloaded into the upload area with the size limit and passed to finishUpload: the
 * same content check (ffprobe) as an upload, then the normal analysis. A download that fails
 * leaves no recording and no file behind.
 */
export async function importZoomRecording(
  deps: TDeps,
  auth: TAuth,
  body: z.output<typeof ZZoomImportBodySchema>,
  log: { warn: (o: object, m: string) => void },
): Promise<{ recordingId: string }> {
  const zoom = await zoomFor(deps, auth);
  const meeting = await withAccessToken(deps, auth, zoom, (token) => zoom.client.meetingRecordings(token, body.meetingId)).catch(
    zoomFailure,
  );
  const file = meeting.recording_files.filter(isImportable).find((f) => f.id === body.fileId);
  if (!file) throw notFound(ZOOM_MSG.recordingNotFound, ERROR_CODES.zoomRecordingNotFound);
  const trimError = zoomTrimError(body.trim, fileDuration(file));
  if (trimError) throw badRequest(trimError, ERROR_CODES.recordingTooLong);
  if ((file.file_size ?? 0) > RECORDING_LIMITS.maxBytes) throw new HttpError(413, INTAKE_MSG.tooLarge, ERROR_CODES.recordingTooLarge);
  const fileType = file.file_type.toUpperCase();
  const { recordingId } = await createRecording(
    deps,
    auth,
    ZCreateRecordingBodySchema.parse({
      title: body.title,
      source: 'zoom form',
      groupId: body.groupId,
      assignmentId: body.assignmentId,
      algorithm: body.algorithm,
      submitted: body.submitted,
      feedbackRequested: body.feedbackRequested,
      trim: body.trim,
      fileName: fileNameOf(meeting.topic, fileType),
      ...(file.file_size ? { fileSize: file.file_size } : {}),
      isVideo: fileType === 'MP4',
    }),
  );
  // Named after the recording, as tus names uploads: the expire-uploads job removes a file a
  // crash left behind together with its recording.
  const dir = uploadsDirOf(deps.config.dataDir);
  const dest = path.join(dir, recordingId);
  try {
    await mkdir(dir, { recursive: true });
    await withAccessToken(deps, auth, zoom, (token) =>
      zoom.client.download(token, file.download_url, dest, { maxBytes: RECORDING_LIMITS.maxBytes, timeoutMs: DOWNLOAD_TIMEOUT_MS }),
    );
  } catch (err) {
    await rm(dest, { force: true });
    await removeRecordingRow(deps.db, recordingId);
    if (err instanceof HttpError) throw err;
    const kind = err instanceof ZoomError ? err.kind : 'error';
    if (kind === 'too_large') throw new HttpError(413, INTAKE_MSG.tooLarge, ERROR_CODES.recordingTooLarge);
    log.warn({ kind, recordingId }, 'zoom download failed');
    throw unreachable(ZOOM_MSG.uploadError);
  }
  try {
    await finishUpload(deps, recordingId, dest);
  } finally {
    await rm(dest, { force: true });
  }
  return { recordingId };
}
