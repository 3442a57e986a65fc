import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import type { TAssignmentMemberRecording, TVocabulary } from '@rostrum/contract';
import { formatDate } from '../../components/date-format';
import { MANAGE_TEXT, rowState } from '../manage/manage-text';
import { DurationCell, HistoryCell, RecordingFlags, RecordingStateCell, VocalDeliveryCell } from '../manage/recording-cells';
import { evaluatePath } from './details-model';
import './member-recordings.css';

// A member's recordings in one assignment (002 sections 2.2 and 2.6), with the columns the server
// lets the caller see.

export interface TMemberRecordingRow {
  recordingId: string;
  title: string;
  createdDate: string;
  duration: number | null;
  overallScore: number | null;
  processing: boolean;
  failed: boolean;
  submitted: boolean;
  feedbackRequested: boolean;
  commentCount: number;
  /** Overall Rating (coach: the average) or My Rating (speaker: the rating they gave); null when none or hidden. */
  rating: number | null;
  /** Coach Overall Rating; null when none or hidden from this viewer. */
  coachRating: number | null;
  playbackUrl: string | null;
  canHear: boolean;
}

/** Whose recordings these are and which rating columns the server shows for them. */
export interface TMemberRecordings {
  userId: string;
  name: string;
  isMe: boolean;
  /** Overall Rating (the visible average), My Rating (the caller's own), or neither. */
  ratingColumn: 'average' | 'mine' | null;
  showCoachRating: boolean;
  recordings: TMemberRecordingRow[];
}

/** A recording as the server lists it in an assignment, as the sub-table renders it. */
export function memberRecordingRow(r: TAssignmentMemberRecording, ratingColumn: TMemberRecordings['ratingColumn']): TMemberRecordingRow {
  return {
    recordingId: r.recordingId,
    title: r.title,
    createdDate: r.createdDate,
    duration: r.duration,
    overallScore: r.overallScore,
    processing: r.processing,
    failed: false,
    submitted: r.submitted,
    feedbackRequested: r.feedbackRequested,
    commentCount: r.numComments,
    rating: ratingColumn === 'mine' ? r.myRating : r.scoreOverallAvgRating,
    coachRating: r.scoreOverallAvgRatingCoach,
    playbackUrl: r.playbackUrl,
    canHear: r.abilities.canHear,
  };
}

function ratingText(n: number | null): string {
  return n == null ? '—' : n.toFixed(1);
}

/**
 * The recordings sub-table of a member in an assignment: Recording, History, Duration, Vocal
 * Delivery, Comments, ratings, playback (the details page's member rows and the coach
 * dashboard's per-assignment rows). The rating columns are the server's choice for the member.
 */
export function MemberRecordings({
  member: m,
  coach,
  vocab,
  assignmentId,
}: {
  member: TMemberRecordings;
  coach: boolean;
  vocab: TVocabulary;
  assignmentId: string;
}) {
  if (m.recordings.length === 0) return <p className="speaker-recordings__empty">{MANAGE_TEXT.noRecordings}</p>;
  const ratingLabel = m.ratingColumn === 'mine' ? 'My Rating' : 'Overall Rating';
  const historyPath = (recordingId: string) =>
    m.isMe ? `/history?recording=${recordingId}` : coach ? `/history?userId=${m.userId}&recording=${recordingId}` : null;
  return (
    <table className="table table--stack speaker-recordings member-recordings" aria-label={`Recordings of ${m.name}`}>
      <thead>
        <tr>
          <th scope="col">Recording</th>
          <th scope="col">History</th>
          <th scope="col" className="num">
            Duration
          </th>
          <th scope="col" className="num">
            Vocal Delivery
          </th>
          <th scope="col" className="num">
            Comments
          </th>
          {m.ratingColumn && (
            <th scope="col" className="num">
              {ratingLabel}
            </th>
          )}
          {m.showCoachRating && (
            <th scope="col" className="num">
              {vocab.Word('coach')} Overall Rating
            </th>
          )}
          <th scope="col">Listen</th>
        </tr>
      </thead>
      <tbody>
        {m.recordings.map((r) => {
          const state = rowState(r);
          const history = historyPath(r.recordingId);
          return (
            <tr key={r.recordingId}>
              <td data-label="Recording">
                <div className="recording-title-cell">
                  {r.canHear ? (
                    <Link to={evaluatePath(r.recordingId, assignmentId)} className="table-strong">
                      {r.title}
                    </Link>
                  ) : (
                    <span className="table-strong">
                      <Lock size={13} aria-hidden /> {r.title}
                    </span>
                  )}
                  <span className="subtle">{formatDate(r.createdDate)}</span>
                  <RecordingFlags recording={r} vocab={vocab} />
                  {state !== 'done' && <RecordingStateCell state={state} />}
                </div>
              </td>
              <HistoryCell href={state === 'done' && r.canHear ? history : null} title={r.title} />
              <DurationCell seconds={r.duration} />
              <VocalDeliveryCell recording={r} hidden={!r.canHear} />
              <td data-label="Comments" className="num">
                {r.commentCount}
              </td>
              {m.ratingColumn && (
                <td data-label={ratingLabel} className="num">
                  {ratingText(r.rating)}
                </td>
              )}
              {m.showCoachRating && (
                <td data-label={`${vocab.Word('coach')} Overall Rating`} className="num">
                  {ratingText(r.coachRating)}
                </td>
              )}
              <td data-label="Listen">
                {r.canHear && r.playbackUrl && state === 'done' ? (
                  // biome-ignore lint/a11y/useMediaCaption: speech recordings; the results page has the transcript.
                  <audio className="member-recordings__audio" controls preload="none" src={r.playbackUrl} aria-label={`Play ${r.title}`} />
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
