import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  Bell,
  CalendarClock,
  ClipboardCheck,
  Download,
  Flag,
  Inbox,
  MessageSquare,
  Share2,
  Sparkles,
  Star,
  TriangleAlert,
} from 'lucide-react';
import { noticeText, ROUTES, routePath, type TNotice, type TNoticeKind } from '@rostrum/contract';
import { useMarkNoticesRead, useNotices, useReloadNotices } from './notices.queries';
import { useReloadReviewQueueCount, useReviewQueueCount } from '../features/review-queue/review-queue.queries';
import './notice-bell.css';

// The notification centre (issue 20, part 3): the bell in the navigation with the unread count;
// its panel lists the newest notices, and opening it marks the listed ones read (they stay
// marked "new" while the panel is open, so the user sees which they were).

const ICONS: Record<TNoticeKind, typeof Bell> = {
  comment: MessageSquare,
  score: Star,
  results: Sparkles,
  reviewRequested: Flag,
  shared: Share2,
  assignmentReceived: ClipboardCheck,
  assignmentCompleted: ClipboardCheck,
  assignmentDue: CalendarClock,
  dataExportReady: Download,
  recordingRemovalDue: CalendarClock,
  ltiGradeFailed: TriangleAlert,
};

/** Where a notice leads: the recording's results, or the assignment. */
export function noticeLink(n: TNotice): string | null {
  if (n.kind === 'dataExportReady') return ROUTES.profile.path;
  if (n.recordingId) return `/evaluate/${n.recordingId}`;
  if (n.assignmentId) return routePath(ROUTES.assignmentDetails.path, { assignmentId: n.assignmentId });
  return null;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function noticeAge(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * `reviewQueue`: the viewer is offered the review queue (reviewQueueOffered); the panel then opens
 * with its entry and count. The badge stays the unread notices: the queue is work to do, not news,
 * and does not clear when seen (docs/decisions/notifications.md).
 */
export function NoticeBell({ reviewQueue = false }: { reviewQueue?: boolean }) {
  const panelId = useId();
  const reloadNotices = useReloadNotices();
  const reloadQueueCount = useReloadReviewQueueCount();
  const queueCount = useReviewQueueCount(reviewQueue);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // The notices that were unread when the panel opened: shown as new until it closes.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const data = notices.data;
  const unread = data?.unread ?? 0;

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onToggle = (e: Event) => {
      const opened = (e as ToggleEvent).newState === 'open';
      setOpen(opened);
      if (!opened) {
        setFresh(new Set());
        return;
      }
      place(panel, buttonRef.current);
      reloadNotices();
      if (reviewQueue) reloadQueueCount();
    };
    panel.addEventListener('toggle', onToggle);
    return () => panel.removeEventListener('toggle', onToggle);
  }, [reloadNotices, reloadQueueCount, reviewQueue]);

  // Seen: the listed unread notices are marked read once the open panel shows them.
  const unreadListed = open ? (data?.items ?? []).filter((n) => !n.read).map((n) => n.noticeId) : [];
  const unreadKey = unreadListed.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(',');
    setFresh((f) => new Set([...f, ...ids]));
    mutate(ids);
  }, [unreadKey, mutate]);

  const close = () => panelRef.current?.hidePopover();
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="notice-bell"
        popoverTarget={panelId}
        aria-expanded={open}
        aria-label={label}
        title="Notifications"
        data-testid="notice-bell"
      >
        <Bell size={20} aria-hidden />
        {unread > 0 && (
          <span className="notice-bell__count" aria-hidden data-testid="notice-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div ref={panelRef} id={panelId} popover="auto" className="notice-panel" role="dialog" aria-label="Notifications">
        <div className="notice-panel__head">
          <h2 className="notice-panel__title">Notifications</h2>
        </div>
        {reviewQueue && queueCount.data && (
          <Link to={ROUTES.reviewQueue.path} className="notice-panel__queue" onClick={close} data-testid="notice-review-queue">
            <Inbox size={16} aria-hidden />
            <span>Waiting for your review: {queueCount.data.count}</span>
          </Link>
        )}
        {!data ? (
          <p className="notice-panel__empty">Loading...</p>
        ) : data.items.length === 0 ? (
          <p className="notice-panel__empty">You're all caught up. New comments, scores, shares and review requests will show here.</p>
        ) : (
          <ul className="notice-panel__list">
            {data.items.map((n) => {
              const Icon = ICONS[n.kind];
              const to = noticeLink(n);
              const isNew = !n.read || fresh.has(n.noticeId);
              const body = (
                <>
                  <span className={`notice__icon notice__icon--${n.kind}`} aria-hidden>
                    <Icon size={16} />
                  </span>
                  <span className="notice__text">
                    <span>{noticeText(n)}</span>
                    <time className="notice__age" dateTime={n.createdDate}>
                      {noticeAge(n.createdDate)}
                    </time>
                  </span>
                  {isNew && <span className="notice__new">New</span>}
                </>
              );
              return (
                <li key={n.noticeId} className={['notice', isNew && 'notice--new'].filter(Boolean).join(' ')}>
                  {to ? (
                    <Link to={to} className="notice__link" onClick={close}>
                      {body}
                    </Link>
                  ) : (
                    <div className="notice__link">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}

/** Under the bell, its right edge on the bell's (within the window). */
function place(panel: HTMLElement, button: HTMLElement | null): void {
  if (!button) return;
  const r = button.getBoundingClientRect();
  const width = Math.min(380, window.innerWidth - 16);
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, r.right - width));
  panel.style.width = `${width}px`;
  panel.style.left = `${left}px`;
  panel.style.top = `${r.bottom + 8}px`;
}
