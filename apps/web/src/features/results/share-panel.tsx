import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, MessageSquare } from 'lucide-react';
import type { TGroup, TRecording, TRecordingFeedback } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { errorMessage } from '../../api/http-client';
import { Badge } from '../../components/status-badge';
import { Switch } from '../../components/switch';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';

const UNDO_MS = 10_000;

type TField = 'feedbackRequested' | 'submitted';
const DONE_TEXT: Record<TField, [string, string]> = {
  feedbackRequested: ['Shared with your entire group.', 'No longer shared with your group.'],
  submitted: ['Flagged for review.', 'No longer flagged for review.'],
};

/**
 * The right column's status (001 sections 2, 4 and 6): Share with Entire Group and Flag for
 * Review for the owner, each change with an Undo action in the notification banner; the comment count and the reviewed
 * indicator.
 */
export function SharePanel({ recording: r, group, feedback }: { recording: TRecording; group: TGroup | undefined; feedback: TRecordingFeedback | undefined }) {
  const queryClient = useQueryClient();
  const { assignmentsOn } = useViewer();
  const [error, setError] = useState<string | null>(null);
  // The Undo notice is the page's notification banner; it goes after 10 s, on Undo or on leaving.
  const notice = useRef<{ id: number; timer: number } | null>(null);
  const dropNotice = () => {
    if (!notice.current) return;
    window.clearTimeout(notice.current.timer);
    notifications.dismiss(notice.current.id);
    notice.current = null;
  };
  useEffect(() => dropNotice, []);

  const update = useMutation({
    mutationFn: (v: { field: TField; value: boolean; undo?: boolean }) => api.updateRecording(r.recordingId, { [v.field]: v.value }),
    onSuccess: (rec, v) => {
      queryClient.setQueryData(queryKeys.recording(r.recordingId), rec);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
      setError(null);
      dropNotice();
      if (v.undo) return;
      const id = notifications.show({
        kind: 'success',
        title: DONE_TEXT[v.field][v.value ? 0 : 1],
        action: {
          label: 'Undo',
          onAction: () => {
            dropNotice();
            update.mutate({ field: v.field, value: !v.value, undo: true });
          },
        },
      });
      notice.current = { id, timer: window.setTimeout(dropNotice, UNDO_MS) };
    },
    onError: (e) => setError(errorMessage(e, 'The change could not be saved. Please try again.')),
  });

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
                disabled={update.isPending}
                onCheckedChange={(v) => update.mutate({ field: 'feedbackRequested', value: v })}
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
                disabled={update.isPending}
                onCheckedChange={(v) => update.mutate({ field: 'submitted', value: v })}
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
            <dt>
              {feedback?.reviewed ? <CheckCircle2 size={16} aria-hidden /> : <Clock size={16} aria-hidden />} Reviewed
            </dt>
            <dd data-testid="reviewed">
              <Badge tone={feedback?.reviewed ? 'success' : 'warning'}>{feedback?.reviewed ? 'ok' : 'pending'}</Badge>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
