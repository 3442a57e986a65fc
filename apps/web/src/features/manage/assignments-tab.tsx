import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownUp, ClipboardList, FileStack, Mic, Paperclip, Plus, Users } from 'lucide-react';
import {
  ASSIGNMENT_FILTERS,
  TEMPLATE_FILTERS,
  ASSIGNMENT_MSG,
  PSEUDO_GROUP_ID,
  ROUTES,
  assignmentMatchesFilter,
  cardName,
  coachAssignmentStatus,
  compareAssignments,
  criteriaAlgorithmLabel,
  routePath,
  type TAssignment,
  type TAssignmentFilter,
  type TGroup,
} from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import type { TViewer } from '../../app/viewer';
import { usePreference } from '../../app/preferences';
import { SpeakerAssignmentsPanel } from '../speaker-dashboard/speaker-assignments';
import { assignmentKeys, assignmentsApi } from './assignments-tab-api';
import { useGroupParam } from './use-group-param';
import './assignments-tab.css';

// Manage's Assignments tab: the coach and speaker dashboards' stand-in until they are built
// (dashboardPath). Coaches: a group's assignments and the templates (002 section 2.2);
// speakers: the speaker dashboard's assignments view (002 section 2.4).

const FILTER_LABELS: Record<TAssignmentFilter, string> = { recent: 'Recent', completed: 'Completed', active: 'Active', all: 'All' };
type TTemplateFilter = (typeof TEMPLATE_FILTERS)[number];
const TEMPLATE_LABELS: Record<TTemplateFilter, string> = { all: 'All', shared: 'Shared', private: 'Private' };

/** A notice another page passed in the router state: `navigate(dashboardPath(mode), { state: { notice } })`. */
export function noticeFromState(state: unknown): { title: string; text?: string } | null {
  if (!state || typeof state !== 'object' || !('notice' in state)) return null;
  const n = (state as { notice: unknown }).notice;
  if (typeof n === 'string' && n) return { title: n };
  if (n && typeof n === 'object' && typeof (n as { title?: unknown }).title === 'string') {
    const { title, text } = n as { title: string; text?: unknown };
    return { title, text: typeof text === 'string' ? text : undefined };
  }
  return null;
}

const detailsPath = (a: Pick<TAssignment, 'assignmentId'>) => routePath(ROUTES.assignmentDetails.path, { assignmentId: a.assignmentId });

export function AssignmentsTab({ viewer }: { viewer: TViewer }) {
  const location = useLocation();
  const notice = noticeFromState(location.state);
  const coach = viewer.manager && viewer.mode === 'manager';
  return (
    <div className="stack stack--lg assignments-tab">
      {notice && <Banner inline kind="success" title={notice.title} text={notice.text} />}
      {coach ? <CoachAssignments viewer={viewer} /> : <SpeakerAssignmentsPanel viewer={viewer} />}
    </div>
  );
}

function FilterBar<T extends string>({
  label,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="filter-bar">
      <legend className="visually-hidden">{label}</legend>
      {values.map((v) => (
        <label key={v} className="filter-bar__option">
          <input type="radio" name={label} checked={value === v} onChange={() => onChange(v)} />
          <span>{labels[v]}</span>
        </label>
      ))}
    </fieldset>
  );
}

function CoachAssignments({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const allGroups = viewer.canAdministerOrg;
  const groups = useQuery<TGroup[]>({
    queryKey: allGroups ? queryKeys.orgGroups : queryKeys.myGroups,
    queryFn: allGroups ? api.getOrgGroups : api.getMyGroups,
  });
  const managed = (groups.data ?? []).filter(
    (g) => g.groupId !== PSEUDO_GROUP_ID && (allGroups ? g.abilities.canManageMembers : g.abilities.canCoach),
  );
  const [group, select] = useGroupParam(managed);
  const [filter, setFilter] = usePreference(viewer.me, 'coachAssFilter');
  const [templateFilter, setTemplateFilter] = usePreference(viewer.me, 'templateToggle');
  const list = useQuery({
    queryKey: assignmentKeys.group(group?.groupId ?? ''),
    queryFn: () => assignmentsApi.listGroup(group!.groupId),
    enabled: !!group,
  });
  const templates = useQuery({ queryKey: assignmentKeys.templates, queryFn: assignmentsApi.listTemplates });
  const shown = useMemo(
    () => (list.data ?? []).filter((a) => assignmentMatchesFilter(a, filter)).sort(compareAssignments),
    [list.data, filter],
  );
  const shownTemplates = (templates.data ?? []).filter((t) =>
    templateFilter === 'all' ? true : templateFilter === 'shared' ? t.isShared || t.isGlobal : !t.isShared && !t.isGlobal,
  );

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

      <section className="stack" aria-labelledby="assignments-heading">
        <div className="row row--between assignments-tab__heading">
          <h2 id="assignments-heading" className="section-title">
            Assignments
          </h2>
          <FilterBar label="Assignment filter" values={ASSIGNMENT_FILTERS} labels={FILTER_LABELS} value={filter} onChange={setFilter} />
        </div>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <Banner inline kind="error" title="The assignments could not be loaded" text="Please reload the page." />
        ) : shown.length === 0 ? (
          <EmptyState icon={<ClipboardList aria-hidden />} title={ASSIGNMENT_MSG.noAssignments} />
        ) : (
          <ul className="assignment-cards" data-testid="coach-assignments">
            {shown.map((a) => (
              <CoachCard key={a.assignmentId} a={a} />
            ))}
          </ul>
        )}
      </section>

      <section className="stack" aria-labelledby="templates-heading">
        <div className="row row--between assignments-tab__heading">
          <h2 id="templates-heading" className="section-title">
            Templates
          </h2>
          <FilterBar
            label="Template filter"
            values={TEMPLATE_FILTERS}
            labels={TEMPLATE_LABELS}
            value={templateFilter}
            onChange={setTemplateFilter}
          />
        </div>
        {templates.isPending ? (
          <LoadingState />
        ) : shownTemplates.length === 0 ? (
          <EmptyState icon={<FileStack aria-hidden />} title={ASSIGNMENT_MSG.noTemplates} />
        ) : (
          <ul className="assignment-cards" data-testid="templates">
            {shownTemplates.map((t) => (
              <TemplateCard key={t.assignmentId} t={t} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Description({ text }: { text: string }) {
  return text ? <p className="assignment-card__description">{text}</p> : null;
}

function CoachCard({ a }: { a: TAssignment }) {
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
        <Link to={detailsPath(a)} className="assignment-card__name" title={a.name}>
          {cardName(a.name)}
        </Link>
        <span className={`assignment-card__status${a.archived ? ' is-archived' : ''}`}>{coachAssignmentStatus(a)}</span>
      </div>
      <Description text={a.description} />
      <p className="assignment-card__meta">
        <span>
          <Mic size={14} aria-hidden /> {criteriaAlgorithmLabel(a.criteria.algorithm)}
        </span>
        <span>
          <Paperclip size={14} aria-hidden /> {a.attachments.length} {a.attachments.length === 1 ? 'attachment' : 'attachments'}
        </span>
      </p>
      <dl className="assignment-card__counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function TemplateCard({ t }: { t: TAssignment }) {
  const kind = t.isGlobal ? 'Global' : t.isShared ? 'Shared' : 'Private';
  return (
    <li className="assignment-card card" data-testid="template-card">
      <div className="assignment-card__top">
        <Link to={detailsPath(t)} className="assignment-card__name" title={t.name}>
          {cardName(t.name)}
        </Link>
        <span className="assignment-card__status">{kind} template</span>
      </div>
      <Description text={t.description} />
      <p className="assignment-card__meta">
        <span>
          <Mic size={14} aria-hidden /> {criteriaAlgorithmLabel(t.criteria.algorithm)}
        </span>
        <span>
          <Paperclip size={14} aria-hidden /> {t.attachments.length} {t.attachments.length === 1 ? 'attachment' : 'attachments'}
        </span>
        {t.ownerName && !t.isGlobal && <span>By {t.ownerName}</span>}
      </p>
    </li>
  );
}
