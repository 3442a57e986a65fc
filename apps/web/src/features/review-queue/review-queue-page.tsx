import { Link, useLocation } from 'react-router';
import { Inbox } from 'lucide-react';
import { waitedText, type TReviewQueueItem } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { Table, type Column } from '../../components/table';
import { formatDateTime } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { backState } from '../../app/back-target';
import { useViewer } from '../../app/viewer';
import { queuedResultsPath, useReviewQueue } from './review-queue.queries';
import './review-queue-page.css';

// The coach's review queue (issue 41 item 7): what waits for their comment or score across the
// groups they coach, oldest first, as the server decided it. A title opens the results page with
// ?queue=1, which offers "Next in queue".

export const REVIEW_QUEUE_EMPTY = 'Nothing is waiting for your review.';

/** /review-queue. */
export function ReviewQueuePage() {
  const { vocab } = useViewer();
  const location = useLocation();
  const queue = useReviewQueue();
  const now = Date.now();

  const columns: Column<TReviewQueueItem>[] = [
    {
      key: 'title',
      header: 'Recording',
      cell: (r) => (
        <span className="review-queue__title">
          <Link to={queuedResultsPath(r.recordingId)} state={backState(location)} data-testid="review-queue-link">
            {r.title}
          </Link>
          <span className="review-queue__meta">
            {r.reason === 'submitted' ? 'Flagged for review' : `Shared with the ${vocab.word('group')}`}
            {r.duration != null && ` · ${formatDuration(r.duration)}`}
          </span>
        </span>
      ),
    },
    { key: 'speaker', header: vocab.Word('speaker'), cell: (r) => r.speakerName, nowrap: true },
    { key: 'group', header: vocab.Word('group'), cell: (r) => r.groupName },
    { key: 'assignment', header: 'Assignment', cell: (r) => r.assignmentName ?? <span className="muted">—</span> },
    {
      key: 'waiting',
      header: 'Waiting',
      nowrap: true,
      cell: (r) => (
        <time dateTime={r.waitingSince} title={formatDateTime(r.waitingSince)}>
          {waitedText(r.waitingSince, now)}
        </time>
      ),
    },
  ];

  let body: React.ReactNode;
  if (queue.isPending) body = <LoadingState />;
  else if (queue.isError) body = <Banner inline kind="error" title="The review queue could not be loaded" text="Please reload the page." />;
  else if (queue.data.items.length === 0)
    body = (
      <Card>
        <EmptyState icon={<Inbox size={24} aria-hidden />} title={REVIEW_QUEUE_EMPTY} />
      </Card>
    );
  else
    body = (
      <div className="stack">
        <Table label="Review Queue" columns={columns} rows={queue.data.items} rowKey={(r) => r.recordingId} />
        {queue.data.count > queue.data.items.length && (
          <p className="muted">
            The oldest {queue.data.items.length} of {queue.data.count} are shown; the rest follow as these are reviewed.
          </p>
        )}
      </div>
    );

  return (
    <div className="page review-queue">
      <PageHeader
        title="Review Queue"
        lead={`Recordings your ${vocab.word('speakers')} flagged for review or shared in an assignment, waiting for your comment or score. Oldest first.`}
      />
      {body}
    </div>
  );
}
