import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownUp, ClipboardList, Mic, Plus, Users } from 'lucide-react';
import {
  ROUTES,
  cardName,
  compareAssignments,
  criteriaAlgorithmLabel,
  routePath,
  speakerAssignmentStatus,
  type TAssignment,
} from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import { noticeFromState } from '../../app/router-notice';
import type { TViewer } from '../../app/viewer';
import { AssignmentsView, TemplatesView } from '../coach-dashboard/assignments-view';
import { useCoachGroups } from './use-group-param';
import './assignments-tab.css';

// Manage's Assignments tab: the coach and speaker dashboards' stand-in until they are built
// (dashboardPath). Coaches: a group's assignments and the templates (002 section 2.2);
// speakers: their assignments (002 section 2.4).

export const SPEAKER_EMPTY = 'You currently have no assignments.';

export { noticeFromState };

const detailsPath = (a: Pick<TAssignment, 'assignmentId'>) => routePath(ROUTES.assignmentDetails.path, { assignmentId: a.assignmentId });

export function AssignmentsTab({ viewer }: { viewer: TViewer }) {
  const location = useLocation();
  const notice = noticeFromState(location.state);
  const coach = viewer.manager && viewer.mode === 'manager';
  return (
    <div className="stack stack--lg assignments-tab">
      {notice && <Banner inline kind="success" title={notice.title} text={notice.text} />}
      {coach ? <CoachAssignments viewer={viewer} /> : <SpeakerAssignments />}
    </div>
  );
}

/** The coach part until the coach dashboard takes its place: the group's assignments and the templates. */
function CoachAssignments({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const { groups, managed, selected: group, select } = useCoachGroups(viewer);

  if (groups.isPending) return <LoadingState />;
  if (!group) {
    return (
      <EmptyState icon={<Users aria-hidden />} title={`You do not coach a ${vocab.word('group')} yet`}>
        <p className="muted">Assignments belong to a {vocab.word('group')}: once you coach one, its assignments show here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <div className="manage-toolbar">
        {managed.length > 1 ? (
          <SelectField
            className="manage-picker"
            label={vocab.Word('group')}
            value={group.groupId}
            onValueChange={select}
            options={managed.map((g) => ({ value: g.groupId, label: g.name }))}
          />
        ) : (
          <h2 className="assignments-tab__group">{group.name}</h2>
        )}
        <div className="row">
          <ButtonLink
            to={routePath(ROUTES.assignmentReorder.path, { groupId: group.groupId })}
            variant="secondary"
            icon={<ArrowDownUp size={16} aria-hidden />}
          >
            Reorder Assignments
          </ButtonLink>
          <ButtonLink
            to={`${ROUTES.assignmentCreate.path}?groupId=${encodeURIComponent(group.groupId)}`}
            icon={<Plus size={16} aria-hidden />}
          >
            Create Assignment
          </ButtonLink>
        </div>
      </div>
      <AssignmentsView viewer={viewer} groupId={group.groupId} />
      <TemplatesView viewer={viewer} />
    </>
  );
}

function Description({ text }: { text: string }) {
  return text ? <p className="assignment-card__description">{text}</p> : null;
}

function SpeakerAssignments() {
  const list = useQuery({ queryKey: queryKeys.assignedAssignments, queryFn: api.getAssignedAssignments });
  const shown = useMemo(() => [...(list.data ?? [])].sort(compareAssignments), [list.data]);
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <Banner inline kind="error" title="Your assignments could not be loaded" text="Please reload the page." />;
  if (shown.length === 0) return <EmptyState icon={<ClipboardList aria-hidden />} title={SPEAKER_EMPTY} />;
  return (
    <ul className="assignment-cards" data-testid="speaker-assignments">
      {shown.map((a) => (
        <li key={a.assignmentId} className="assignment-card card" data-testid="assignment-card">
          <div className="assignment-card__top">
            <Link to={detailsPath(a)} className="assignment-card__name" title={a.name}>
              {cardName(a.name)}
            </Link>
            <span className="assignment-card__status">{speakerAssignmentStatus(a, a.completionStatus ?? 'assigned')}</span>
          </div>
          {a.groupName && <p className="assignment-card__group">{a.groupName}</p>}
          <Description text={a.description} />
          <div className="row assignment-card__actions">
            {a.abilities.canSubmit && (
              <ButtonLink to={`/record?assignmentId=${encodeURIComponent(a.assignmentId)}`} size="sm" icon={<Mic size={15} aria-hidden />}>
                Record ({criteriaAlgorithmLabel(a.criteria.algorithm)})
              </ButtonLink>
            )}
            <ButtonLink to={detailsPath(a)} size="sm" variant="secondary">
              Details
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
