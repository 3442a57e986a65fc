import type { TAssignmentRef, TRecording, TRecordingState, TRecordingSummary, TResults } from '@rostrum/contract';
import { signMediaUrl } from '../../storage/media-urls.js';
import type { TRecordingAccess } from '../../auth/policies.js';
import type { TRecordingListRow, TRecordingRow } from './recordings.repository.js';

/** The displayed processing state (001 section 4): extracting until playback exists, then computing. */
export function recordingState(r: Pick<TRecordingRow, 'status' | 'playbackPath'>): TRecordingState {
  if (r.status === 'uploading') return 'uploading';
  if (r.status === 'processing') return r.playbackPath ? 'computing' : 'extracting';
  return r.status;
}

export function presentSummary({ r, groupName, firstName, lastName }: TRecordingListRow): TRecordingSummary {
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
    failedReason: r.failedReason,
    feedbackRequested: r.feedbackRequested,
    submitted: r.submitted,
    numSpeakers: r.numSpeakers,
    userFirstName: firstName,
    userLastName: lastName,
    overallScore: r.overallScore,
  };
}

/** The full recording; media addresses and results only for callers who may hear it. */
export function presentRecording(
  row: TRecordingListRow,
  access: TRecordingAccess,
  mediaSecret: string,
  expand: Set<string>,
  assignment: TAssignmentRef | null,
): TRecording {
  const { r } = row;
  const canHear = access === 'owner' || access === 'hear';
  const url = (kind: 'audio' | 'video' | 'peaks', present: string | null) =>
    canHear && present ? signMediaUrl(mediaSecret, r.id, kind) : null;
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
    ...presentSummary(row),
    state: recordingState(r),
    source: r.source,
    algorithm: r.algorithm,
    speakerNum: r.speakerNum,
    playbackUrl: url('audio', r.playbackPath),
    videoUrl: url('video', r.videoPath),
    peaksUrl: url('peaks', r.peaksPath),
    assignmentId: r.assignmentId,
    assignment,
    access: { canHear, isOwner: access === 'owner' },
    results,
  };
}
