import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { dashboardPath } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { useViewer } from '../../app/viewer';
import { peerSharingText } from '../manage/manage-text';
import { SharedSpeakers } from '../manage/shared-recordings-tab';
import { DetailsHeader, useAssignmentOrLeave } from './assignment-details-page';
import { useAssignmentSharedRecordings } from './assignment-details.queries';
import { evaluatePath } from './details-model';
import '../manage/manage.css';
import './assignment-details.css';

/**
 * /assignments/{assignmentId}/sharedRecordings (002 section 2.8): "Shared Recordings for
 * {assignment}", the other speakers with what each shared in this assignment. The server decides
 * who is listed and the empty states (peer sharing off, nobody else); links return here.
 */
export function SharedRecordingsPage() {
  const { assignmentId } = useParams();
  const viewer = useViewer();
  const assignment = useAssignmentOrLeave(assignmentId, viewer);
  const shared = useAssignmentSharedRecordings(assignmentId, !!assignment.data);
  if (!assignment.data) {
    return (
      <div className="page">
        <LoadingState text="Loading..." />
      </div>
    );
  }
  const a = assignment.data;
  const title = `Shared Recordings for ${a.name}`;
  let body: ReactNode;
  if (shared.isPending) body = <LoadingState text="Loading..." />;
  else if (shared.isError) {
    body = (
      <Banner kind="error" inline title="Could not load the shared recordings" text={errorMessage(shared.error, 'Please try again.')} />
    );
  } else {
    body = (
      <SharedSpeakers
        data={shared.data}
        vocab={viewer.vocab}
        label={title}
        evaluateHref={(recordingId) => evaluatePath(recordingId, a.assignmentId)}
        noSpeakersText={peerSharingText(viewer.vocab).noOtherSpeakers}
      />
    );
  }
  return (
    <div className="page assignment-details">
      <DetailsHeader assignment={a} viewer={viewer} home={dashboardPath(viewer.mode)} />
      <Card
        flush
        title={title}
        titleId="assignment-shared-title"
        description={`What the other ${viewer.vocab.word('speakers')} shared with the ${viewer.vocab.word('group')} in this assignment. Open a recording to listen and give feedback.`}
      >
        {body}
      </Card>
    </div>
  );
}
