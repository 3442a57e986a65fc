import { useState } from 'react';
import type { TRecordingFeedback } from '@rostrum/contract';
import { Tabs } from '../../components/tabs';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { ScorePanel } from './score-panel';
import './feedback-panel.css';

type TTab = 'comments' | 'score';

/**
 * The panel's tabs: Comments, and Add a Score for whoever may score (the server's canScore) or
 * already did; anyone else, the owner above all, sees the averages under Scores (001 section 6).
 */
export function feedbackTabs(feedback: Pick<TRecordingFeedback, 'canScore' | 'items'>) {
  const scores = feedback.canScore || feedback.items.some((f) => f.kind === 'score' && f.isMine);
  return [
    { key: 'comments', label: 'Comments' },
    { key: 'score', label: scores ? 'Add a Score' : 'Scores' },
  ] as const;
}

/** The feedback panel (001 section 2): Comments and Add a Score. */
export function FeedbackPanel({
  recordingId,
  groupId,
  duration,
  feedback,
}: {
  recordingId: string;
  /** The recording's group, sent with new feedback (001 section 7). */
  groupId: string | null;
  duration: number;
  feedback: TRecordingFeedback;
}) {
  const [tab, setTab] = useState<TTab>('comments');
  const comments = feedback.items.filter((f) => f.kind === 'comment');
  return (
    <section className="card side-card feedback-panel" aria-labelledby="feedback-title">
      <div className="card__body">
        <h2 id="feedback-title" className="section-title">
          Feedback
        </h2>
        <Tabs items={feedbackTabs(feedback)} selected={tab} onSelect={setTab} label="Feedback" idPrefix="feedback" />
        <div role="tabpanel" id="feedback-panel-comments" aria-labelledby="feedback-tab-comments" hidden={tab !== 'comments'}>
          <div className="stack stack--lg">
            <CommentList recordingId={recordingId} items={comments} />
            {feedback.canComment && tab === 'comments' && <CommentForm recordingId={recordingId} groupId={groupId} duration={duration} />}
          </div>
        </div>
        <div role="tabpanel" id="feedback-panel-score" aria-labelledby="feedback-tab-score" hidden={tab !== 'score'}>
          <ScorePanel recordingId={recordingId} groupId={groupId} feedback={feedback} />
        </div>
      </div>
    </section>
  );
}
