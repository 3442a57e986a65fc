import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, ChevronDown, Eye, Mic, Users } from 'lucide-react';
import { dashboardPath, type TAssignment } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Badge } from '../../components/status-badge';
import { LoadingState } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { useViewer, type TViewer } from '../../app/viewer';
import { AssignmentActions } from './assignment-actions';
import { AssignmentInfo } from './assignment-info';
import { AssignmentMembers } from './assignment-members';
import { assignmentIsGone, useAssignmentMembers, useDetailsAssignment } from './assignment-details.queries';
import { myCriteriaMet } from './members-adapter';
import { coachVariant, recordLinkLabel, recordPath, statusLine, type TConfirmAction } from './details-model';
import { ReportSlot, ComparisonSlot } from './report-slots';
import '../manage/manage.css';
import './assignment-details.css';
import { DueLine } from '../../components/due-date';

/** A query flag is on when present without a value or with a true-ish one (?collapsed, ?collapsed=1). */
function flag(params: URLSearchParams, name: string): boolean {
  const v = params.get(name);
  return v !== null && v !== '0' && v !== 'false';
}

/** Loads the assignment; a missing or forbidden one sends the user to the relevant dashboard (002 section 2.6). */
export function useAssignmentOrLeave(assignmentId: string | undefined, viewer: TViewer) {
  const navigate = useNavigate();
  const query = useDetailsAssignment(assignmentId);
  const gone = !assignmentId || (query.isError && assignmentIsGone(query.error));
  useEffect(() => {
    if (!gone) return;
    notifications.showAfterNavigation({
      kind: 'error',
      title: 'Assignment not found',
      text: 'It may have been deleted, or it is not for you.',
    });
    navigate(dashboardPath(viewer.mode), { replace: true });
  }, [gone, navigate, viewer.mode]);
  return query;
}

/** /assignment/details/{assignmentId}: the coach or speaker variant, as the server's abilities say. */
export function AssignmentDetailsPage() {
  const { assignmentId } = useParams();
  const viewer = useViewer();
  const query = useAssignmentOrLeave(assignmentId, viewer);
  if (query.isPending || query.isError) {
    return (
      <div className="page">
        <LoadingState text={query.isError ? 'The assignment could not be loaded. Retrying...' : 'Loading the assignment...'} />
      </div>
    );
  }
  return <AssignmentDetails assignment={query.data} viewer={viewer} />;
}

function AssignmentDetails({ assignment: a, viewer }: { assignment: TAssignment; viewer: TViewer }) {
  const [params] = useSearchParams();
  const myRecordings = flag(params, 'myRecordings');
  const coach = coachVariant(a);
  // The ticks are the caller's row of the member table: read from its query (no copy in state).
  const ticks = !a.isTemplate && !!(a.myUserTarget || a.completionStatus);
  const met = useAssignmentMembers(a.assignmentId, { enabled: ticks, select: myCriteriaMet }).data;
  const [confirmRequest, setConfirmRequest] = useState<TConfirmAction | null>(null);
  const home = dashboardPath(viewer.mode);

  return (
    <div className="page assignment-details">
      <DetailsHeader assignment={a} viewer={viewer} home={home}>
        {coach && !a.isTemplate && (
          <ButtonLink to={`/assignments/${a.assignmentId}/preview`} variant="secondary" icon={<Eye size={16} aria-hidden />}>
            Preview as {viewer.vocab.Word('speaker')}
          </ButtonLink>
        )}
        {!coach && a.abilities.canSubmit && (
          <ButtonLink to={recordPath(a.assignmentId)} variant="accent" icon={<Mic size={16} aria-hidden />}>
            {recordLinkLabel(a.criteria.algorithm)}
          </ButtonLink>
        )}
      </DetailsHeader>

      <div className={coach ? 'assignment-layout' : 'assignment-layout assignment-layout--single'}>
        <div className="assignment-layout__main stack stack--lg">
          <CollapsiblePanel title="About this assignment" initiallyCollapsed={flag(params, 'collapsed') && !myRecordings}>
            <AssignmentInfo
              assignment={a}
              vocab={viewer.vocab}
              coach={coach}
              met={ticks ? (met ?? {}) : null}
              onShareChange={(isShared) => setConfirmRequest(isShared ? 'makePublic' : 'makePrivate')}
            />
          </CollapsiblePanel>

          {!a.isTemplate && (
            <Card
              flush
              title={coach ? 'Members' : `Your ${viewer.vocab.word('group')}`}
              titleId="members-title"
              description={
                coach
                  ? `How each ${viewer.vocab.word('speaker')} is doing. Open a row to see and play their recordings.`
                  : `Your progress${a.abilities.canSeeMembers ? '' : ' and what others shared'}. Open a row to see the recordings.`
              }
            >
              <AssignmentMembers assignment={a} viewer={viewer} openMine={myRecordings} />
            </Card>
          )}

          {coach && !a.isTemplate && <ComparisonSlot assignment={a} />}
        </div>

        {coach ? (
          <aside className="assignment-layout__aside" aria-label="Actions">
            <Card title="Actions" titleId="actions-title">
              <AssignmentActions
                assignment={a}
                mode={viewer.mode}
                confirmRequest={confirmRequest}
                onConfirmRequest={setConfirmRequest}
                report={a.abilities.canDownloadReport ? <ReportSlot assignment={a} /> : undefined}
              />
            </Card>
          </aside>
        ) : (
          <div className="assignment-footer-links">
            <ButtonLink to={home} variant="secondary" icon={<ArrowLeft size={16} aria-hidden />}>
              Return to Dashboard
            </ButtonLink>
            {a.abilities.canSubmit && (
              <ButtonLink to={recordPath(a.assignmentId)} variant="accent" icon={<Mic size={16} aria-hidden />}>
                {recordLinkLabel(a.criteria.algorithm)}
              </ButtonLink>
            )}
            {a.groupId && <SharedLink assignment={a} viewer={viewer} />}
          </div>
        )}
      </div>
    </div>
  );
}

/** The speaker's way to the peers' shared recordings of this assignment (002 section 2.8). */
function SharedLink({ assignment: a, viewer }: { assignment: TAssignment; viewer: TViewer }) {
  return (
    <ButtonLink to={`/assignments/${a.assignmentId}/sharedRecordings`} variant="ghost" icon={<Users size={16} aria-hidden />}>
      Shared Recordings of other {viewer.vocab.word('speakers')}
    </ButtonLink>
  );
}

/** The heading: a link to the dashboard, the assignment's name and its status line. */
export function DetailsHeader({
  assignment: a,
  viewer,
  home,
  homeLabel = 'Dashboard',
  status,
  children,
}: {
  assignment: TAssignment;
  viewer: TViewer;
  home: string;
  homeLabel?: string;
  /** The status line; the details page's own by default. */
  status?: string;
  children?: ReactNode;
}) {
  const line = status ?? statusLine(a);
  const tone = a.archived || a.deleted ? 'danger' : line.startsWith('Completed') ? 'success' : 'info';
  return (
    <header className="details-header">
      <nav className="details-header__crumbs" aria-label="Breadcrumb">
        <Link to={home}>{homeLabel}</Link>
        <span aria-hidden>/</span>
        <span aria-current="page">{a.name}</span>
      </nav>
      <div className="details-header__row">
        <div className="details-header__text">
          <p className="details-header__eyebrow">
            {a.isTemplate ? 'Template' : a.groupName ? `${viewer.vocab.Word('group')} assignment · ${a.groupName}` : 'Assignment'}
          </p>
          <h1>{a.name}</h1>
          <p className="details-header__status">
            <Badge tone={tone}>{line}</Badge>
          </p>
          {!a.isTemplate && <DueLine dueAt={a.dueAt} overdue={a.overdue} timeZone={viewer.org.timeZone} />}
        </div>
        {children && <div className="details-header__actions">{children}</div>}
      </div>
    </header>
  );
}

/** The collapsible panel of 002 section 2.6 (?collapsed starts it closed). */
export function CollapsiblePanel({
  title,
  initiallyCollapsed,
  children,
}: {
  title: string;
  initiallyCollapsed: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(!initiallyCollapsed);
  const bodyId = useId();
  return (
    <section className="card collapsible-panel">
      <h2 className="collapsible-panel__heading">
        <button
          type="button"
          className="collapsible-panel__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="card__title">{title}</span>
          <ChevronDown size={18} aria-hidden className="collapsible-panel__icon" />
        </button>
      </h2>
      <div id={bodyId} className="card__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
