import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { ROUTES, reviewQueueOffered } from '@rostrum/contract';
import { useViewer } from '../../app/viewer';
import { useReviewQueueCount } from './review-queue.queries';
import './review-queue-line.css';

/** The coach dashboard's "Waiting for your review: N", a link to the queue; nothing until the count is known, or where the queue is not offered. */
export function ReviewQueueLine() {
  const viewer = useViewer();
  const count = useReviewQueueCount(reviewQueueOffered(viewer.facts, viewer.mode));
  if (!count.data) return null;
  return (
    <p className={`review-queue-line${count.data.count > 0 ? ' review-queue-line--waiting' : ''}`}>
      <Inbox size={16} aria-hidden />
      <Link to={ROUTES.reviewQueue.path} data-testid="review-queue-line">
        Waiting for your review: {count.data.count}
      </Link>
    </p>
  );
}
