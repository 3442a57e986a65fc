import { CheckCircle2, Clock, MessageSquare } from 'lucide-react';
import type { TGroup, TRecording, TRecordingFeedback } from '@rostrum/contract';
import { Badge } from '../../components/status-badge';
import { Switch } from '../../components/switch';
import { useViewer } from '../../app/viewer';
import { useUndoableRecordingUpdate, type TSharingTexts } from './use-undoable-recording-update';

const DONE_TEXT: TSharingTexts = {
  feedbackRequested: ['Shared with your entire group.', 'No longer shared with your group.'],
  submitted: ['Flagged for review.', 'No longer flagged for review.'],
};

/**
 * The right column's status (001 sections 2, 4 and 6): Share with Entire Group and Flag for
 * Review for the owner, each change with an Undo action in the notification banner; the comment count and the reviewed
 * indicator.
 */
export function SharePanel({
  recording: r,
  group,
  feedback,
}: {
  recording: TRecording;
  group: TGroup | undefined;
  feedback: TRecordingFeedback | undefined;
}) {
  const { assignmentsOn } = useViewer();
  const { change, pending, error } = useUndoableRecordingUpdate(DONE_TEXT);

  const isOwner = r.access.isOwner;
  const speakerLevel = group?.speakerPrivacyLevel ?? 0;
  const managerLevel = group?.managerPrivacyLevel ?? 0;
  // 001 section 6: share shows while not shared at speaker levels 1-3; flag when coaches may review.
  // With Assignments on, a recording stays private until it is part of an assignment.
  const needsAssignment = isOwner && assignmentsOn && !r.assignmentId;
  const showShare = isOwner && !needsAssignment && !r.feedbackRequested && speakerLevel >= 1 && speakerLevel <= 3;
  const showFlag = isOwner && !needsAssignment && (assignmentsOn || managerLevel > 0);

  return (
    <section className="card side-card" aria-labelledby="share-title">
      <div className="card__body stack">
        <h2 id="share-title" className="section-title">
          Sharing and review
        </h2>
        {(showShare || showFlag || (isOwner && r.feedbackRequested)) && (
          <div>
            {showShare && (
              <Switch
                label="Share with Entire Group"
                description="Members of your group can listen and give feedback."
                checked={false}
                disabled={pending}
                onCheckedChange={(v) => change({ recordingId: r.recordingId, field: 'feedbackRequested', value: v })}
              />
            )}
            {isOwner && r.feedbackRequested && (
              <p className="side-card__line">
                <CheckCircle2 size={16} aria-hidden /> Shared with Entire Group
              </p>
            )}
            {showFlag && (
              <Switch
                label="Flag for Review"
                description="Ask your coach to review this recording."
                checked={r.submitted}
                disabled={pending}
                onCheckedChange={(v) => change({ recordingId: r.recordingId, field: 'submitted', value: v })}
              />
            )}
          </div>
        )}
        {needsAssignment && (
          <p className="muted text-sm" data-testid="needs-assignment">
            Move this recording to an assignment to share it with your group or flag it for review.
          </p>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <dl className="side-stats">
          <div>
            <dt>
              <MessageSquare size={16} aria-hidden /> Comments
            </dt>
            <dd data-testid="comment-count">{feedback?.commentCount ?? 0}</dd>
          </div>
          <div>
            <dt>{feedback?.reviewed ? <CheckCircle2 size={16} aria-hidden /> : <Clock size={16} aria-hidden />} Reviewed</dt>
            <dd data-testid="reviewed">
              <Badge tone={feedback?.reviewed ? 'success' : 'warning'}>{feedback?.reviewed ? 'ok' : 'pending'}</Badge>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
