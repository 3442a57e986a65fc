import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  API_PREFIX,
  ASSIGNMENT_MSG,
  checkRecordingUrl,
  ERROR_CODES,
  INTAKE_MSG,
  isRefusedExtension,
  LIVE_CAPTURE_MSG,
  MSG,
  PRACTICE_PROMPT_MSG,
  RECORDING_LIMITS,
  trimmedDuration,
  type TErrorCode,
  type TGroupRecording,
  sameWordspotting,
  type TRecording,
  type TRecordingSummary,
  type TRecordingWordspotting,
  type TWordspottingUsed,
  type TUpdateRecordingBody,
  type ZCreateRecordingBodySchema,
  ZResultsSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import {
  groupRecordingsVisible,
  groupSharingAbilities,
  mayReanalyze,
  recordingAbilities,
  recordingAccess,
  type TRecordingAccess,
} from '../../auth/policies.js';
import { ANALYZE_RECORDING, analyzeRecordingJob, removeRecordingMediaJob } from './recording.jobs.js';
import { UPLOAD_EXPIRY_MS } from './upload-expiry.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors.js';
import {
  findRecording,
  findRecordingWithContext,
  insertRecording,
  listGroupRecordings,
  listOwnRecordings,
  removeRecordingRow,
  updateRecordingRow,
} from './recordings.repository.js';
import { findActiveMembership, findActiveSpeakerGroup, findOrgGroup } from '../memberships/index.js';
import { findOrganisation, orgOfCaller } from '../org/index.js';
import { isCoachOf } from '../../auth/roles.js';
import { canHearWith, presentGroupRecording, presentRecording, presentSummary } from './recordings.presenter.js';
import { currentWordspottingList, type TKnownCandidates } from '../wordspotting/index.js';
import { promptForTake } from '../practice-prompts/index.js';
import { acceptableMedia } from './media-check.js';
import { assignmentForNewRecording } from './recording-assignment.js';
import { recordingFigures } from './recording-figures.js';
import { recordingAssignmentFacts } from './recording-assignment-facts.js';
import { assertPublicUrl, UrlFetchError } from './url-fetcher.js';
import { notifyRecordingEvents } from '../notifications/index.js';
import { ownCapture } from './live-captures/capture-access.js';
import { bindCapture } from './live-captures/live-captures.repository.js';

export const UPLOAD_PATH = `${API_PREFIX}/uploads`;
const UPLOAD_EXPIRED_MSG = 'This upload has expired. Please start it again.';

const SHARING_MSG = {
  shareOff: 'Sharing with the group is not enabled for this group',
  flagOff: 'Flagging for coach review is not enabled for this group',
  needsAssignment: 'Move this recording to an assignment before sharing it',
} as const;

/** Refuses turning on sharing or flagging the group's levels do not allow (policies.ts groupSharingAbilities). */
function assertLevelsAllow(levels: { canShare: boolean; canFlag: boolean }, v: { feedbackRequested?: boolean; submitted?: boolean }) {
  if (v.feedbackRequested && !levels.canShare) throw badRequest(SHARING_MSG.shareOff);
  if (v.submitted && !levels.canFlag) throw badRequest(SHARING_MSG.flagOff);
}

/** The caller's organisation's settings the recording abilities read. */
async function viewerSettings(deps: TDeps, auth: TAuth): Promise<{ assignmentsOn: boolean; shareLinksOn: boolean }> {
  const org = await orgOfCaller(deps.db, auth);
  return { assignmentsOn: !!org?.settings.Assignments, shareLinksOn: !!org?.settings.Public_Share_Links };
}

/** The last path segment of a URL, decoded when it can be (a malformed %-escape stays as is). */
function urlFileName(url: string): string | null {
  const raw = path.basename(new URL(url).pathname);
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}

/** The group a speaker records into: the one asked for, else their newest active speaker group. */
export async function speakerGroup(deps: TDeps, auth: TAuth, groupId: string | undefined) {
  const group = await findActiveSpeakerGroup(deps.db, auth.userId, auth.orgId, groupId);
  if (!group) throw forbidden(INTAKE_MSG.needsSpeaker, ERROR_CODES.recordingNeedsSpeaker);
  return group;
}

export async function createRecording(
  deps: TDeps,
  auth: TAuth,
  body: z.output<typeof ZCreateRecordingBodySchema>,
): Promise<{ recordingId: string; uploadUrl: string | null }> {
  // A prompt is for practice: an assignment brings its own instructions.
  if (body.practicePromptId && body.assignmentId) throw badRequest(PRACTICE_PROMPT_MSG.notWithAssignment);
  const org = await findOrganisation(deps.db, auth.orgId);
  const algorithms = org!.algorithmConfig.algorithms.map((a) => a.name);
  const algorithm = body.algorithm ?? org!.algorithmConfig.default_algorithm;
  if (!algorithms.includes(algorithm)) throw badRequest(`algorithm must be one of ${algorithms.join(', ')}`);
  // Into an assignment: it must be for the caller, open and of the same speaker type; the
  // recording joins the assignment's group whatever group was asked for.
  if (body.assignmentId && !org!.settings.Assignments) throw forbidden(ASSIGNMENT_MSG.assignmentsOff, ERROR_CODES.assignmentsDisabled);
  const into = body.assignmentId ? await assignmentForNewRecording(deps.db, auth, body.assignmentId, algorithm) : null;
  const prompt = body.practicePromptId ? await promptForTake(deps, auth, body.practicePromptId) : null;
  const group = await speakerGroup(deps, auth, into?.groupId ?? body.groupId);
  assertLevelsAllow(groupSharingAbilities(group), body);
  // With Assignments on, a recording outside an assignment is private (002 section 4).
  if (org!.settings.Assignments && !into && (body.feedbackRequested || body.submitted)) throw badRequest(SHARING_MSG.needsAssignment);
  if (body.captureId) await assertCaptureBindable(deps, auth, body.captureId, body.source);

  let sourceUrl: string | null = null;
  if (body.source === 'ui url form') {
    const checked = checkRecordingUrl(body.audio ?? '');
    if (!checked.ok) throw badRequest(checked.message);
    try {
      await assertPublicUrl(checked.url, deps.config.urlFetchAllowHosts);
    } catch (err) {
      const blocked = err instanceof UrlFetchError && err.kind === 'blocked';
      throw blocked
        ? badRequest(INTAKE_MSG.urlBlocked, ERROR_CODES.recordingUrlBlocked)
        : badRequest(INTAKE_MSG.urlFetchFailed, ERROR_CODES.recordingUrlFetchFailed);
    }
    sourceUrl = checked.url;
  } else {
    if (body.fileName && isRefusedExtension(body.fileName))
      throw badRequest(INTAKE_MSG.invalidFileType, ERROR_CODES.recordingInvalidFiletype);
    if (body.fileSize && body.fileSize > RECORDING_LIMITS.maxBytes)
      throw new HttpError(413, INTAKE_MSG.uploadError, ERROR_CODES.recordingTooLarge);
  }
  const {
    title,
    source,
    submitted,
    feedbackRequested,
    trim,
    fileName,
    fileSize,
    groupId: _g,
    assignmentId: _a,
    practicePromptId: _p,
    audio: _u,
    algorithm: _al,
    captureId,
    isVideo,
    ...debug
  } = body;
  const now = new Date();
  const id = await deps.db.transaction(async (tx) => {
    const recordingId = await insertRecording(tx, {
      orgId: auth.orgId,
      userId: auth.userId,
      groupId: group.id,
      assignmentId: into?.assignmentId ?? null,
      practicePromptId: prompt?.promptId ?? null,
      title,
      source,
      sourceUrl,
      fileName: fileName ?? (sourceUrl ? urlFileName(sourceUrl) : null),
      fileSize: fileSize ?? null,
      trim: trim ?? null,
      isVideo: isVideo ?? false,
      algorithm,
      numSpeakers: algorithm.includes('conversational') ? 2 : 1,
      submitted,
      submittedAt: submitted ? now : null,
      feedbackRequested,
      feedbackRequestedAt: feedbackRequested ? now : null,
      options: debug,
      status: 'uploading',
    });
    // A URL recording is fetched by the worker: its job commits with the recording.
    if (sourceUrl) await deps.queue.enqueue(tx, analyzeRecordingJob, { recordingId });
    const bound = captureId ? await bindCapture(tx, captureId, auth.userId, recordingId) : null;
    // Bound by another request meanwhile: this recording is not made.
    if (captureId && !bound) throw conflict(LIVE_CAPTURE_MSG.bound, ERROR_CODES.liveCaptureBound);
    return { recordingId, captureComplete: !!bound?.complete };
  });
  if (sourceUrl) deps.queue.wakeWorkers(ANALYZE_RECORDING);
  if (!captureId) return { recordingId: id.recordingId, uploadUrl: sourceUrl ? null : UPLOAD_PATH };
  // The capture's last byte arrived before the save: its file goes through finishUpload now;
  // else the capture's upload finishes the recording when it ends (finishCaptureUpload).
  if (id.captureComplete) await finishFromUpload(deps, id.recordingId, captureId);
  return { recordingId: id.recordingId, uploadUrl: null };
}

/** A live capture may become a recording: the caller's, not yet bound, recorded in the browser. */
async function assertCaptureBindable(deps: TDeps, auth: TAuth, captureId: string, source: string) {
  const capture = await ownCapture(deps.db, auth, captureId);
  if (capture.recordingId) throw conflict(LIVE_CAPTURE_MSG.bound, ERROR_CODES.liveCaptureBound);
  if (source === 'ui url form') throw badRequest('captureId: a URL recording has no live capture');
}

/**
 * The finished tus upload `uploadId` (the recording's own, or its live capture's) becomes the
 * recording's file through finishUpload; what tus kept of the upload goes either way.
 */
export async function finishFromUpload(deps: TDeps, recordingId: string, uploadId: string): Promise<void> {
  try {
    await finishUpload(deps, recordingId, await deps.storage.finishedUploadFile(uploadId));
  } finally {
    // The file itself was moved into media storage or refused; drop tus's leftovers.
    await deps.storage.dropUpload(uploadId);
  }
}

/**
 * The last byte of an upload arrived: check the content with ffprobe (not the name), keep it as
 * the recording's original and enqueue analysis in one transaction. A file that is not a real
 * media container with audio (a playlist or file list above all, see media-check.ts), or too
 * long, is refused and nothing is kept. `file` is a local file (a tus upload or any import in a
 * scratch folder); media storage takes it over (moved, or stored in the bucket and removed).
 */
export async function finishUpload(deps: TDeps, recordingId: string, file: string): Promise<void> {
  const rec = await findRecording(deps.db, recordingId);
  if (rec?.status !== 'uploading') {
    await rm(file, { force: true });
    throw notFound();
  }
  const refuse = async (status: number, message: string, code: TErrorCode) => {
    await rm(file, { force: true });
    await removeRecordingRow(deps.db, recordingId);
    await deps.storage.remove(recordingId);
    throw new HttpError(status, message, code);
  };
  const facts = await acceptableMedia(file);
  if (!facts) return refuse(415, INTAKE_MSG.invalidFileType, ERROR_CODES.recordingInvalidFiletype);
  if (trimmedDuration(facts.duration, rec.trim) > RECORDING_LIMITS.maxSeconds + 0.5)
    return refuse(400, INTAKE_MSG.tooLong, ERROR_CODES.recordingTooLong);
  await deps.storage.putOriginal(recordingId, file);
  await deps.db.transaction(async (tx) => {
    await updateRecordingRow(tx, recordingId, {
      status: 'processing',
      isVideo: facts.isVideo,
      duration: trimmedDuration(facts.duration, rec.trim),
    });
    await deps.queue.enqueue(tx, analyzeRecordingJob, { recordingId, probed: facts });
  });
  deps.queue.wakeWorkers(ANALYZE_RECORDING);
}

/** Only the owner may upload into a recording, only while it waits for its file, and for a day. */
export async function assertCanUpload(deps: TDeps, auth: TAuth, recordingId: string) {
  const rec = await findRecording(deps.db, recordingId);
  if (!rec || rec.deletedAt || rec.orgId !== auth.orgId || rec.userId !== auth.userId)
    throw notFound(MSG.notFound, ERROR_CODES.recordingNotFound);
  // A Zoom import's file comes from Zoom through the server (modules/zoom), never by tus.
  if (rec.status !== 'uploading' || rec.sourceUrl || rec.source === 'zoom form')
    throw new HttpError(409, 'This recording already has its file', ERROR_CODES.recordingHasFile);
  // tus keeps uploads as long as unsaved takes; a recording's own expires sooner (expire-uploads).
  if (Date.now() - rec.createdAt.getTime() > UPLOAD_EXPIRY_MS) throw new HttpError(410, UPLOAD_EXPIRED_MSG, ERROR_CODES.uploadExpired);
}

/** The recording with the caller's access to it (recordingAccess); 404 for none, as GET recordings/{id}. */
export async function loadWithAccess(deps: TDeps, auth: TAuth, recordingId: string) {
  const row = await findRecordingWithContext(deps.db, recordingId, auth);
  if (!row) throw notFound(MSG.notFound, ERROR_CODES.recordingNotFound);
  const access = recordingAccess(auth, row.r, row.group, row.membership);
  if (access === 'none') throw notFound(MSG.notFound, ERROR_CODES.recordingNotFound);
  return { row, access };
}

export async function getRecording(deps: TDeps, auth: TAuth, recordingId: string, expand: Set<string>): Promise<TRecording> {
  const { row, access } = await loadWithAccess(deps, auth, recordingId);
  // Read with the recording (findRecordingWithContext), as findAssignmentInOrg would.
  const assignment = row.assignment;
  const org = await orgOfCaller(deps.db, auth);
  // Any access but 'none' means the recording is in the caller's organisation: the organisation,
  // assignment and group read here are the ones its wordspotting list is chosen from.
  const known = { org: org ?? undefined, assignment, group: row.group };
  return presentRecording(
    row,
    { userId: auth.userId, access, assignmentsOn: !!org?.settings.Assignments, shareLinksOn: !!org?.settings.Public_Share_Links },
    deps.mediaSecret,
    expand,
    assignment ? await recordingAssignmentFacts(deps.db, auth, recordingId, assignment) : null,
    await recordingWordspotting(deps, auth, row, access, known),
  );
}

/**
 * The list its results counted and, for those who may re-analyse it, the list a new analysis
 * would count when that differs (the results page offers re-analysis then).
 */
async function recordingWordspotting(
  deps: TDeps,
  auth: TAuth,
  row: NonNullable<Awaited<ReturnType<typeof findRecordingWithContext>>>,
  access: TRecordingAccess,
  known: TKnownCandidates,
): Promise<TRecordingWordspotting> {
  const used = canHearWith(access) ? row.r.wordspotting : null;
  const reanalyzing = row.r.reanalysisRequestedAt !== null;
  const canReanalyze = !reanalyzing && mayReanalyze(access, isCoachOf(auth, row.membership), row.r.status);
  let current: TWordspottingUsed | null = null;
  if (canReanalyze) {
    const now = await currentWordspottingList(deps.db, row.r, known);
    if (!used || used.source !== now.source || used.name !== now.name || !sameWordspotting(used.words, now.words)) current = now;
  }
  return { used, current, reanalyzing, canReanalyze };
}

/**
 * Re-analysis with the current list (002 section 2.9): a new analysis job; the recording keeps
 * its results, media and feedback until the new results replace them.
 */
export async function reanalyzeRecording(deps: TDeps, auth: TAuth, recordingId: string): Promise<TRecording> {
  const { row, access } = await loadWithAccess(deps, auth, recordingId);
  // Who may is asked as of a finished recording, so a busy one answers 409 only to them.
  if (!mayReanalyze(access, isCoachOf(auth, row.membership), 'done')) throw forbidden();
  if (row.r.reanalysisRequestedAt !== null || row.r.status !== 'done')
    throw conflict('This recording is being analysed. Try again when it is done.', ERROR_CODES.recordingBusy);
  await deps.db.transaction(async (tx) => {
    await updateRecordingRow(tx, recordingId, { reanalysisRequestedAt: new Date() });
    await deps.queue.enqueue(tx, analyzeRecordingJob, { recordingId });
  });
  deps.queue.wakeWorkers(ANALYZE_RECORDING);
  return getRecording(deps, auth, recordingId, new Set());
}

async function loadOwned(deps: TDeps, auth: TAuth, recordingId: string) {
  const { row, access } = await loadWithAccess(deps, auth, recordingId);
  if (access !== 'owner') throw forbidden();
  return row;
}

export async function updateRecording(deps: TDeps, auth: TAuth, recordingId: string, body: TUpdateRecordingBody): Promise<TRecording> {
  const { row, access } = await loadWithAccess(deps, auth, recordingId);
  const { assignmentsOn } = await viewerSettings(deps, auth);
  const can = recordingAbilities(access, row.group, { Assignments: assignmentsOn }, row.r);
  // Only the owner changes a recording; turning sharing or flagging off is always allowed.
  if (!can.canRename) throw forbidden();
  if ((body.feedbackRequested && !can.canShare) || (body.submitted && !can.canFlag)) {
    // The refusal names the cause: the group's levels first, else the missing assignment (002 section 4).
    assertLevelsAllow(groupSharingAbilities(row.group), body);
    throw badRequest(SHARING_MSG.needsAssignment);
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await updateRecordingRow(tx, recordingId, {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.feedbackRequested !== undefined && {
        feedbackRequested: body.feedbackRequested,
        feedbackRequestedAt: body.feedbackRequested ? now : null,
      }),
      ...(body.submitted !== undefined && { submitted: body.submitted, submittedAt: body.submitted ? now : null }),
    });
    // Turning sharing or the review flag on tells the peers or coaches (sent with the change, see notify.ts).
    await notifyRecordingEvents(tx, deps, recordingId, {
      shared: !!body.feedbackRequested && !row.r.feedbackRequested,
      submitted: !!body.submitted && !row.r.submitted,
    });
  });
  return getRecording(deps, auth, recordingId, new Set());
}

/** The owner claims one speaker of the conversation, or releases the claim with null (001 section 6). */
export async function setSpeaker(deps: TDeps, auth: TAuth, recordingId: string, speakerNum: number | null): Promise<TRecording> {
  const row = await loadOwned(deps, auth, recordingId);
  if (speakerNum !== null && speakerNum > Math.max(row.r.numSpeakers, 1))
    throw badRequest(`speakerNum must be between 1 and ${row.r.numSpeakers}`);
  // The lists' figures are the claimed speaker's (a conversation's Vibe score stays none).
  const results = ZResultsSchema.safeParse(row.r.results);
  await updateRecordingRow(deps.db, recordingId, {
    speakerNum,
    ...(results.success && { overallScore: recordingFigures(results.data, speakerNum).overallScore }),
  });
  return getRecording(deps, auth, recordingId, new Set());
}

/**
 * Marks the recording deleted and, in the same transaction, enqueues the removal of its files:
 * the files go only once the deletion has committed, and a failed removal is tried again.
 */
export async function deleteRecording(deps: TDeps, auth: TAuth, recordingId: string): Promise<void> {
  await loadOwned(deps, auth, recordingId);
  await deps.db.transaction(async (tx) => {
    await updateRecordingRow(tx, recordingId, { deletedAt: new Date() });
    await deps.queue.enqueue(tx, removeRecordingMediaJob, { recordingId });
  });
}

export async function listMyRecordings(deps: TDeps, auth: TAuth, q?: string): Promise<TRecordingSummary[]> {
  const settings = await viewerSettings(deps, auth);
  return (await listOwnRecordings(deps.db, auth.userId, q)).map((row) =>
    presentSummary(row, { userId: auth.userId, access: 'owner', ...settings }),
  );
}

/**
 * A group's recordings as the caller's role there allows: filtered in SQL, then each row passed
 * through recordingAccess, so the list never holds more than GET recordings/{id} would give.
 * A recording the caller may only list comes without its score. `ownerId` narrows the list to
 * one member (the manage page's speaker row).
 */
export async function listRecordingsOfGroup(deps: TDeps, auth: TAuth, groupId: string, ownerId?: string): Promise<TGroupRecording[]> {
  const g = await findOrgGroup(deps.db, auth.orgId, groupId);
  if (!g) throw notFound();
  const m = await findActiveMembership(deps.db, auth.userId, groupId);
  const visible = groupRecordingsVisible(auth, g, m ?? null);
  if (visible === 'none') throw notFound();
  const rows = await listGroupRecordings(deps.db, groupId, auth.userId, visible, ownerId);
  const settings = await viewerSettings(deps, auth);
  const listed: TGroupRecording[] = [];
  for (const row of rows) {
    const access = recordingAccess(auth, row.r, g, m ?? null);
    if (access === 'none') continue;
    listed.push(presentGroupRecording(row, { userId: auth.userId, access, ...settings }));
  }
  return listed;
}
