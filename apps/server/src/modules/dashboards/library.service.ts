import type { TLibraryRecording } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { coachOnlyScorecardInForce } from '../../auth/policies.js';
import { signMediaUrl } from '../../storage/media-urls.js';
import { orgOfCaller } from '../org/index.js';
import { listOwnRecordings, presentSummary } from '../recordings/index.js';
import { feedbackFactsOfOwner, recordingProgress } from '../assignments/index.js';
import { listRecordingAssignments } from './dashboards.repository.js';

// GET me/library (002 section 2.4, My Library): the caller's own recordings, the set and summary
// of GET recordings, with the assignment's name and the comments and overall ratings their owner
// sees (recordingProgress with access 'owner': at speaker privacy level 4 peers' feedback stays
// hidden). Four statements whatever the number of recordings.

export async function getLibrary(deps: TDeps, auth: TAuth): Promise<TLibraryRecording[]> {
  const [rows, feedbackFacts, org] = await Promise.all([
    listOwnRecordings(deps.db, auth.userId),
    feedbackFactsOfOwner(deps.db, auth.userId, auth.userId),
    orgOfCaller(deps.db, auth),
  ]);
  const assignmentIds = [...new Set(rows.flatMap((row) => (row.r.assignmentId ? [row.r.assignmentId] : [])))];
  const assignments = new Map((await listRecordingAssignments(deps.db, assignmentIds)).map((a) => [a.id, a]));
  const feedbackOf = new Map(feedbackFacts.map((f) => [f.recordingId, f]));
  const assignmentsOn = !!org?.settings.Assignments;
  const shareLinksOn = !!org?.settings.Public_Share_Links;

  return rows.map((row) => {
    const r = row.r;
    const a = r.assignmentId ? assignments.get(r.assignmentId) : undefined;
    const coachOnly = a ? coachOnlyScorecardInForce(a.criteria, a.scorecard) : false;
    const seen = recordingProgress(
      r,
      'owner',
      feedbackOf.get(r.id),
      auth.userId,
      false,
      row.groupLevels?.speakerPrivacyLevel ?? 0,
      coachOnly,
    );
    return {
      ...presentSummary(row, { userId: auth.userId, access: 'owner', assignmentsOn, shareLinksOn }),
      assignmentName: a?.name ?? null,
      numComments: seen.numComments,
      scoreOverallAvgRating: seen.rating.average,
      numRatings: seen.rating.count,
      scoreOverallAvgRatingCoach: seen.coachRating.average,
      numCoachRatings: seen.coachRating.count,
      playbackUrl: r.playbackPath ? signMediaUrl(deps.mediaSecret, r.id, 'audio', auth.userId) : null,
    };
  });
}
