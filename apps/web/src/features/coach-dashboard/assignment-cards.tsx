import { Link } from 'react-router';
import { Mic, Paperclip } from 'lucide-react';
import {
  ROUTES,
  type TEMPLATE_FILTERS,
  cardName,
  coachAssignmentStatus,
  criteriaAlgorithmLabel,
  routePath,
  type TAssignment,
} from '@rostrum/contract';
import { DownloadReportButton } from '../assignment-report/download-report-button';
import { DueLine } from '../../components/due-date';
import { Badge } from '../../components/status-badge';

// The coach dashboard's cards (002 section 2.2): a group's assignments and the templates.

export type TTemplateFilter = (typeof TEMPLATE_FILTERS)[number];

/** The Templates view's filter: Shared (the organisation's public ones and the global ones), Private (the caller's own), All. */
export function templateMatchesFilter(t: Pick<TAssignment, 'isShared' | 'isGlobal'>, filter: TTemplateFilter): boolean {
  if (filter === 'shared') return t.isShared || t.isGlobal;
  if (filter === 'private') return !t.isShared && !t.isGlobal;
  return true;
}

const detailsPath = (a: Pick<TAssignment, 'assignmentId'>) => routePath(ROUTES.assignmentDetails.path, { assignmentId: a.assignmentId });

function CardName({ a }: { a: TAssignment }) {
  const short = cardName(a.name);
  return (
    <Link to={detailsPath(a)} className="assignment-card__name" title={short === a.name ? undefined : a.name}>
      {short}
    </Link>
  );
}

function Description({ text }: { text: string }) {
  return text ? <p className="assignment-card__description">{text}</p> : null;
}

/** The recording type and the number of attachments. */
function CardMeta({ a, children }: { a: TAssignment; children?: React.ReactNode }) {
  const n = a.attachments.length;
  return (
    <p className="assignment-card__meta">
      <span>
        <Mic size={14} aria-hidden /> {criteriaAlgorithmLabel(a.criteria.algorithm)}
      </span>
      <span>
        <Paperclip size={14} aria-hidden /> {n} {n === 1 ? 'attachment' : 'attachments'}
      </span>
      {children}
    </p>
  );
}

/** An assignment of the group: name, status, due date and overdue count, description, type, attachments, the six counts, Download Report. */
export function CoachCard({ a, timeZone }: { a: TAssignment; timeZone: string }) {
  const c = a.counts;
  const counts: [string, number][] = [
    ['Not Started', c.notStartedCount],
    ['In Progress', c.inProgressCount],
    ['Completed', c.completedCount],
    ['Recordings', c.recordingsCount],
    ['For Review', c.forReviewCount],
    ['Comments', c.feedbackCount],
  ];
  return (
    <li className="assignment-card card" data-testid="assignment-card">
      <div className="assignment-card__top">
        <CardName a={a} />
        <span className={`assignment-card__status${a.archived || a.deleted ? ' is-archived' : ''}`}>{coachAssignmentStatus(a)}</span>
        {a.dueAt && (
          <div className="row assignment-card__due">
            <DueLine dueAt={a.dueAt} timeZone={timeZone} />
            {c.overdueCount > 0 && <Badge tone="warning">{c.overdueCount} overdue</Badge>}
          </div>
        )}
      </div>
      <Description text={a.description} />
      <CardMeta a={a} />
      <dl className="assignment-card__counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {a.abilities.canDownloadReport && (
        <div className="row assignment-card__actions">
          <DownloadReportButton kind="assignment" id={a.assignmentId} name={a.name} size="sm" />
        </div>
      )}
    </li>
  );
}

/** A template: name, Global / Shared / Private, description, type, attachments and its owner. */
export function TemplateCard({ t }: { t: TAssignment }) {
  const kind = t.isGlobal ? 'Global' : t.isShared ? 'Shared' : 'Private';
  return (
    <li className="assignment-card card" data-testid="template-card">
      <div className="assignment-card__top">
        <CardName a={t} />
        <span className="assignment-card__status">{kind} template</span>
      </div>
      <Description text={t.description} />
      <CardMeta a={t}>{t.ownerName && !t.isGlobal && <span>By {t.ownerName}</span>}</CardMeta>
    </li>
  );
}
