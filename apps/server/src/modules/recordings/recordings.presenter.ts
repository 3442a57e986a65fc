import {
  FAILED_REASONS,
  type TGroupRecording,
  type TRecordingAssignment,
  type TRecording,
  type TRecordingState,
  type TRecordingSummary,
  type TRecordingWordspotting,
  type TResults,
} from '@rostrum/contract';
import type { TMediaKind } from '../../storage/media-storage.js';
import { signMediaUrl } from '../../storage/media-urls.js';
import { recordingAbilities, type TRecordingAccess } from '../../auth/policies.js';
import type { TRecordingListRow, TRecordingRow } from './recordings.repository.js';
import type { TRecordingAssignmentFacts } from './recording-assignment-facts.js';

// The one place that decides what a caller sees of a recording, from the access policies.ts
// gives them: every endpoint that returns recordings (GET recordings/{id}, the caller's own list,
// a group's list) goes through here, so no endpoint can show more than another.

/** Who is looking, what recordingAccess() allows them, and whether their org has Assignments and Public_Share_Links on. */
export interface TViewer {
  userId: string;
  access: TRecordingAccess;
  assignmentsOn: boolean;
  shareLinksOn: boolean;
}

/** Hearing means media and results (score included); 'list' gives title and state only. */
export function canHearWith(access: TRecordingAccess): boolean {
  return access === 'owner' || access === 'hear';
}

/** The displayed processing state (001 section 4): extracting until playback exists, then computing. */
export function recordingState(r: Pick<TRecordingRow, 'status' | 'playbackPath'>): TRecordingState {
  if (r.status === 'uploading') return 'uploading';
  if (r.status === 'processing') return r.playbackPath ? 'computing' : 'extracting';
  return r.status;
}

/** A recording as lists show it; its score only for a viewer who may hear it. */
export function presentSummary({ r, groupName, groupLevels, firstName, lastName }: TRecordingListRow, viewer: TViewer): TRecordingSummary {
  return {
    recordingId: r.id,
    userId: r.userId,
    groupId: r.groupId,
    groupName,
    title: r.title,
    createdDate: r.createdAt.toISOString(),
    fileName: r.fileName,
    duration: r.duration,
    isVideo: r.isVideo,
    uploading: r.status === 'uploading',
    processing: r.status === 'uploading' || r.status === 'processing',
    failed: r.status === 'failed',
    failedCode: r.failedCode,
    failedReason: r.failedCode ? FAILED_REASONS[r.failedCode] : null,
    feedbackRequested: r.feedbackRequested,
    submitted: r.submitted,
    numSpeakers: r.numSpeakers,
    assignmentId: r.assignmentId,
    practicePromptId: r.practicePromptId,
    userFirstName: firstName,
    userLastName: lastName,
    overallScore: canHearWith(viewer.access) ? r.overallScore : null,
    abilities: recordingAbilities(
      viewer.access,
      groupLevels,
      { Assignments: viewer.assignmentsOn, Public_Share_Links: viewer.shareLinksOn },
      r,
    ),
  };
}

/** A recording in a group's list: the summary plus whether the viewer may hear it. */
export function presentGroupRecording(row: TRecordingListRow, viewer: TViewer): TGroupRecording {
  return { ...presentSummary(row, viewer), canHear: canHearWith(viewer.access) };
}

/**
 * A recording's assignment: its metadata only for a caller who sees the assignment itself; each
 * scorecard question's apiName (presets carry the core score's field, custom ratings their
 * response id) and value, the caller's own rating on it.
 */
function presentRecordingAssignment(f: TRecordingAssignmentFacts): TRecordingAssignment {
  const sc = f.ref.scorecard;
  return {
    ...f.ref,
    metadata: f.visible ? f.metadata : {},
    scorecard: sc && { ...sc, questions: sc.questions.map((q) => ({ ...q, apiName: q.id, value: f.ownRatings.get(q.id) ?? null })) },
  };
}

/**
 * The full recording; media addresses and results only for viewers who may hear it. Media
 * addresses are signed for this viewer, and the media route checks their access again.
 */
export function presentRecording(
  row: TRecordingListRow & { r: TRecordingRow },
  viewer: TViewer,
  mediaSecret: string,
  expand: Set<string>,
  assignment: TRecordingAssignmentFacts | null,
  wordspotting: TRecordingWordspotting,
): TRecording {
  const { r } = row;
  const canHear = canHearWith(viewer.access);
  const url = (kind: TMediaKind, present: string | null) =>
    canHear && present ? signMediaUrl(mediaSecret, r.id, kind, viewer.userId) : null;
  let results: TResults | null = canHear && r.status === 'done' ? (r.results as TResults | null) : null;
  if (results) {
    // tips and timestamped are large; they come only when asked for (expand=tips,timestamped).
    results = {
      ...results,
      tips: expand.has('tips') ? results.tips : { main: { workOn: [], tips: [] }, byMetric: {} },
      timestamped: expand.has('timestamped') ? results.timestamped : { metrics: {}, vibes: {} },
    };
  }
  return {
    ...presentSummary(row, viewer),
    state: recordingState(r),
    source: r.source,
    algorithm: r.algorithm,
    speakerNum: r.speakerNum,
    playbackUrl: url('audio', r.playbackPath),
    videoUrl: url('video', r.videoPath),
    peaksUrl: url('peaks', r.peaksPath),
    // The voice lanes belong to an analysis: written with its results, shown once it is done.
    lanesUrl: r.status === 'done' ? url('lanes', r.lanesPath) : null,
    assignmentId: r.assignmentId,
    assignment: assignment && presentRecordingAssignment(assignment),
    access: { canHear, isOwner: viewer.access === 'owner' },
    // Deleted recordings are not found (404), so what is served is never deleted.
    deleted: false,
    // The results' own transcript (results are null for a caller who may not hear it).
    diarizedTranscript: results?.diarizedTranscript ?? [],
    results,
    wordspotting,
  };
}
