import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import type { TGroup, TGroupMember, TGroupRecording } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { LoadingState } from '../../components/spinner';
import type { TViewer } from '../../app/viewer';
import { MANAGE_TEXT, listOnlyNote, rowState } from './manage-text';
import { DateCell, DurationCell, RecordingFlags, RecordingStateCell, VocalDeliveryCell } from './recording-cells';
import { useGroupRecordings } from './manage.queries';

/**
 * One speaker's recordings in the group, as the server allows the coach to see them: a title
 * links to the results page only when the coach may hear the recording; otherwise a note says why.
 */
export function SpeakerRecordings({ group, member, viewer }: { group: TGroup; member: TGroupMember; viewer: TViewer }) {
  const recordings = useGroupRecordings(group.groupId, member.userId);

  if (recordings.isPending) return <LoadingState text="Loading recordings..." />;
  if (recordings.isError) {
    return <Banner kind="error" inline title="Could not load the recordings" text={errorMessage(recordings.error, 'Please try again.')} />;
  }
  if (recordings.data.length === 0) return <p className="speaker-recordings__empty">{MANAGE_TEXT.noRecordings}</p>;

  return (
    <table className="table table--stack speaker-recordings" aria-label={`Recordings of ${member.name}`}>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Date</th>
          <th scope="col" className="num">
            Duration
          </th>
          <th scope="col" className="num">
            Vocal Delivery
          </th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {recordings.data.map((r) => (
          <tr key={r.recordingId}>
            <td data-label="Title">
              <TitleCell recording={r} group={group} viewer={viewer} />
            </td>
            <DateCell date={r.createdDate} />
            <DurationCell seconds={r.duration} />
            <VocalDeliveryCell recording={r} />
            <td data-label="State">
              <RecordingStateCell state={rowState(r)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TitleCell({ recording: r, group, viewer }: { recording: TGroupRecording; group: TGroup; viewer: TViewer }) {
  return (
    <div className="recording-title-cell">
      {r.canHear ? (
        <Link
          to={`/evaluate/${r.recordingId}`}
          state={{ from: window.location.pathname + window.location.search }}
          className="table-strong"
        >
          {r.title}
        </Link>
      ) : (
        <>
          <span className="table-strong">{r.title}</span>
          <span className="list-only-note">
            <Lock size={13} aria-hidden /> {listOnlyNote(group.managerPrivacyLevel, viewer.vocab)}
          </span>
        </>
      )}
      <RecordingFlags recording={r} vocab={viewer.vocab} />
    </div>
  );
}
