import { CheckCircle2, Clock, MessageSquare } from 'lucide-react';
import type { TRecording, TRecordingFeedback } from '@rostrum/contract';
import { Badge } from '../../components/status-badge';
import { Switch } from '../../components/switch';
import { useViewer } from '../../app/viewer';
import { useUndoableRecordingUpdate, type TSharingTexts } from './use-undoable-recording-update';
import './share-panel.css';

const DONE_TEXT: TSharingTexts = {
  feedbackRequested: ['Shared with your entire group.', 'No longer shared with your group.'],
  submitted: ['Flagged for review.', 'No longer flagged for review.'],
};

/**
 * The right column's status (001 sections 2, 4 and 6): Share with Entire Group and Flag for
 * Review for the owner, each change with an Undo action in the notification banner; the comment count and the reviewed
 * indicator.
 */
export function SharePanel({ recording: r, feedback }: { recording: TRecording; feedback: TRecordingFeedback | undefined }) {
  const { assignmentsOn } = useViewer();
  const { change, pending, error } = useUndoableRecordingUpdate(DONE_TEXT);

  const isOwner = r.access.isOwner;
  const { canShare, canFlagOnResults } = r.abilities;
  // The server decides who may share and flag (its recordingAbilities); with Assignments on, an
  // owner's recording outside an assignment may do neither until it is moved into one.
  const needsAssignment = isOwner && assignmentsOn && !r.assignmentId;
  const showShare = canShare && !r.feedbackRequested;
  // Flag for Review is offered only while the recording is not shared (the server's
  // canFlagOnResults); a recording both shared and flagged says so.
  const showFlag = canFlagOnResults;
  const flaggedLine = isOwner && r.submitted && !canFlagOnResults;

  return (
    <section className="card side-card" aria-labelledby="share-title">
      <div className="card__body stack">
        <h2 id="share-title" className="section-title">
          Sharing and review
        </h2>
        {(showShare || showFlag || flaggedLine || (isOwner && r.feedbackRequested)) && (
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
            {flaggedLine && (
              <p className="side-card__line">
                <CheckCircle2 size={16} aria-hidden /> Flagged for Review
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
          {/* "pending" only once a review was asked for (Flag for Review); a review given unasked still shows ok. */}
          {(feedback?.reviewed || r.submitted) && (
            <div>
              <dt>{feedback?.reviewed ? <CheckCircle2 size={16} aria-hidden /> : <Clock size={16} aria-hidden />} Reviewed</dt>
              <dd data-testid="reviewed">
                <Badge tone={feedback?.reviewed ? 'success' : 'warning'}>{feedback?.reviewed ? 'ok' : 'pending'}</Badge>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}
