import type { TAssignmentMember } from '@rostrum/contract';
import type { TAuth } from '../../../auth/auth-context.js';
import { memberRatingColumns, type TAssignmentMemberView } from '../../../auth/policies.js';
import type { TDeps } from '../../../deps.js';
import { signMediaUrl } from '../../../storage/media-urls.js';
import type { TMemberProgress } from './progress.loader.js';

/** One member's row with their recordings, as the caller may see it (also a coach's member expansion). */
export function presentMember(deps: TDeps, auth: TAuth, view: TAssignmentMemberView, m: TMemberProgress): TAssignmentMember {
  const coach = view.variant === 'coach';
  const { ratingColumn, showCoachRating } = memberRatingColumns(view, auth.userId, m.userId);
  const recordings = m.recordings.map(({ row: r, canHear, numComments, rating, coachRating, myRating }) => ({
    recordingId: r.id,
    title: r.title,
    createdDate: r.createdAt.toISOString(),
    duration: r.duration,
    isVideo: r.isVideo,
    processing: r.status === 'uploading' || r.status === 'processing',
    overallScore: canHear ? r.overallScore : null,
    numComments,
    scoreOverallAvgRating: rating.average,
    numRatings: rating.count,
    myRating,
    scoreOverallAvgRatingCoach: showCoachRating ? coachRating.average : null,
    numCoachRatings: showCoachRating ? coachRating.count : 0,
    submitted: r.submitted,
    feedbackRequested: r.feedbackRequested,
    playbackUrl: canHear && r.playbackPath ? signMediaUrl(deps.mediaSecret, r.id, 'audio', auth.userId) : null,
    abilities: { canHear },
  }));
  return {
    userId: m.userId,
    name: m.name,
    firstName: m.firstName,
    lastName: m.lastName,
    isMe: m.userId === auth.userId,
    completionStatus: m.completion,
    overdue: m.overdue,
    lastUpload: m.recordings[0]?.row.createdAt.toISOString() ?? null,
    recordingsCount: coach ? recordings.length : null,
    submittedCount: coach ? recordings.filter((r) => r.submitted).length : null,
    sharedCount: view.flaggedOrSharedColumn === 'shared' ? recordings.filter((r) => r.feedbackRequested).length : null,
    feedbackCount: recordings.reduce((n, r) => n + r.numComments, 0),
    ratingColumn,
    showCoachRating,
    recordings,
  };
}
