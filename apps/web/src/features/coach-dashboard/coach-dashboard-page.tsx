import { useLocation } from 'react-router';
import { ArrowDownUp, ListChecks, Plus, Users } from 'lucide-react';
import { COACH_DASHBOARD_VIEWS, ROUTES, routePath, type TGroup } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SegmentedControl } from '../../components/segmented-control';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import { usePreference } from '../../app/preferences';
import { noticeFromState } from '../../app/router-notice';
import { useViewer, type TViewer } from '../../app/viewer';
import { useNewGroupForm } from '../manage/create-group-form';
import { GroupInviteCard } from '../manage/my-groups-tab';
import { useCoachGroups } from '../manage/use-group-param';
import { AssignmentsView, TemplatesView } from './assignments-view';
import { CoachStats } from './coach-stats';
import { MembersView } from './members-view';
import '../manage/manage.css';
import './coach-dashboard.css';
import { useCoachDashboard } from './coach-dashboard.queries';
import { ReviewQueueLine } from '../review-queue/review-queue-line';

// The coach dashboard (002 section 2.2): pick a group, share its invite, act on it, see its
// stats, and switch between its assignments, its members and the templates (coachDashboardToggle).

type TView = (typeof COACH_DASHBOARD_VIEWS)[number];

/** /coach-dashboard?group={groupId}. */
export function CoachDashboardPage() {
  const viewer = useViewer();
  const { vocab } = viewer;
  const location = useLocation();
  const notice = noticeFromState(location.state);
  const { groups, managed, selected, select } = useCoachGroups(viewer);
  const { creating, open: openCreate, form: createForm } = useNewGroupForm(viewer, select);

  const createGroupButton = viewer.canCreateGroups && !creating && (
    <Button variant="secondary" icon={<Plus size={16} aria-hidden />} onClick={openCreate}>
      Create New {vocab.Word('group')}
    </Button>
  );

  let body: React.ReactNode;
  if (groups.isPending) body = <LoadingState />;
  else if (groups.isError)
    body = <Banner inline kind="error" title={`Your ${vocab.word('groups')} could not be loaded`} text="Please reload the page." />;
  else if (!selected) {
    body = (
      <div className="stack stack--xl">
        {createForm}
        <Card>
          <EmptyState icon={<Users size={24} aria-hidden />} title={`You do not coach a ${vocab.word('group')} yet`}>
            <p className="muted">
              {viewer.canCreateGroups
                ? `Create your first ${vocab.word('group')}, then share its invite code with your ${vocab.word('speakers')}.`
                : `When you are made ${vocab.word('coach')} of a ${vocab.word('group')}, its assignments and ${vocab.word('speakers')} show here.`}
            </p>
            {createGroupButton}
          </EmptyState>
        </Card>
      </div>
    );
  } else {
    body = (
      <div className="stack stack--xl">
        <div className="coach-toolbar">
          {/* One group: its name heads the invite card below. */}
          {managed.length > 1 && (
            <SelectField
              className="coach-toolbar__picker"
              label={vocab.Word('group')}
              value={selected.groupId}
              onValueChange={select}
              options={managed.map((g) => ({ value: g.groupId, label: g.name }))}
            />
          )}
          <div className="coach-toolbar__actions">
            <ButtonLink
              to={`${ROUTES.assignmentCreate.path}?groupId=${encodeURIComponent(selected.groupId)}`}
              icon={<Plus size={16} aria-hidden />}
            >
              Create Assignment
            </ButtonLink>
            {createGroupButton}
            <ButtonLink
              to={routePath(ROUTES.assignmentReorder.path, { groupId: selected.groupId })}
              variant="secondary"
              icon={<ArrowDownUp size={16} aria-hidden />}
            >
              Reorder Assignments
            </ButtonLink>
            {selected.abilities.canSetWordspotting && (
              <ButtonLink
                to={`${ROUTES.wordspotting.path}?groupId=${encodeURIComponent(selected.groupId)}`}
                variant="secondary"
                icon={<ListChecks size={16} aria-hidden />}
              >
                Wordspotting
              </ButtonLink>
            )}
          </div>
        </div>
        {createForm}
        <GroupInviteCard group={selected} viewer={viewer} />
        <GroupDashboard key={selected.groupId} viewer={viewer} group={selected} />
      </div>
    );
  }

  return (
    <div className="page coach-dashboard">
      <PageHeader
        title={`${vocab.Word('coach')} Dashboard`}
        lead={`Your ${vocab.word('groups')}' assignments, ${vocab.word('speakers')} and templates.`}
        actions={<ReviewQueueLine />}
      />
      {notice && <Banner inline kind="success" title={notice.title} text={notice.text} />}
      {body}
    </div>
  );
}

const VIEW_TEXT: Record<TView, string> = { assignments: 'Assignments', members: 'Members', templates: 'Templates' };

/** The selected group's stats and the remembered view. */
function GroupDashboard({ viewer, group }: { viewer: TViewer; group: TGroup }) {
  const [view, setView] = usePreference(viewer.me, 'coachDashboardToggle');
  const dashboard = useCoachDashboard(group.groupId);
  return (
    <>
      {dashboard.isError ? (
        <Banner inline kind="error" title="The dashboard could not be loaded" text="Please reload the page." />
      ) : (
        <CoachStats stats={dashboard.data?.stats} />
      )}
      <div className="coach-views">
        <SegmentedControl
          className="coach-views__toggle"
          label="Show"
          values={COACH_DASHBOARD_VIEWS}
          labels={VIEW_TEXT}
          value={view}
          onChange={setView}
        />
        {view === 'assignments' && <AssignmentsView viewer={viewer} groupId={group.groupId} />}
        {view === 'templates' && <TemplatesView viewer={viewer} />}
        {view === 'members' &&
          (dashboard.isPending ? (
            <LoadingState />
          ) : dashboard.isError ? null : (
            <MembersView viewer={viewer} group={group} members={dashboard.data.members} />
          ))}
      </div>
    </>
  );
}
