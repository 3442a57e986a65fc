import { useMemo } from 'react';
import { ClipboardList, FileStack } from 'lucide-react';
import {
  ASSIGNMENT_FILTERS,
  ASSIGNMENT_MSG,
  TEMPLATE_FILTERS,
  assignmentMatchesFilter,
  compareAssignments,
  type TAssignmentFilter,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { EmptyState } from '../../components/empty-state';
import { SegmentedControl } from '../../components/segmented-control';
import { LoadingState } from '../../components/spinner';
import { usePreference } from '../../app/preferences';
import type { TViewer } from '../../app/viewer';
import { useAssignmentTemplates, useGroupAssignments } from './coach-dashboard.queries';
import { CoachCard, TemplateCard, type TTemplateFilter, templateMatchesFilter } from './assignment-cards';

// The coach dashboard's Assignments and Templates views (002 section 2.2), each with its
// remembered filter (coachAssFilter, templateToggle).

export const ASSIGNMENT_FILTER_TEXT: Record<TAssignmentFilter, string> = {
  recent: 'Recent',
  completed: 'Completed',
  active: 'Active',
  all: 'All',
};
const TEMPLATE_FILTER_TEXT: Record<TTemplateFilter, string> = { all: 'All', shared: 'Shared', private: 'Private' };

function ViewHeading({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <div className="coach-view__heading">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** The group's assignments, filtered Recent / Completed / Active / All, in list order. */
export function AssignmentsView({ viewer, groupId }: { viewer: TViewer; groupId: string }) {
  const [filter, setFilter] = usePreference(viewer.me, 'coachAssFilter');
  const list = useGroupAssignments(groupId);
  const shown = useMemo(
    () => (list.data ?? []).filter((a) => assignmentMatchesFilter(a, filter)).sort(compareAssignments),
    [list.data, filter],
  );
  return (
    <section className="stack coach-view" aria-labelledby="coach-assignments-heading">
      <ViewHeading id="coach-assignments-heading" title="Assignments">
        <SegmentedControl
          label="Assignment filter"
          values={ASSIGNMENT_FILTERS}
          labels={ASSIGNMENT_FILTER_TEXT}
          value={filter}
          onChange={setFilter}
        />
      </ViewHeading>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <Banner inline kind="error" title="The assignments could not be loaded" text="Please reload the page." />
      ) : shown.length === 0 ? (
        <EmptyState icon={<ClipboardList aria-hidden />} title={ASSIGNMENT_MSG.noAssignments} />
      ) : (
        <ul className="assignment-cards" data-testid="coach-assignments">
          {shown.map((a) => (
            <CoachCard key={a.assignmentId} a={a} timeZone={viewer.org.timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The templates the coach may use, filtered All / Shared / Private. */
export function TemplatesView({ viewer }: { viewer: TViewer }) {
  const [filter, setFilter] = usePreference(viewer.me, 'templateToggle');
  const templates = useAssignmentTemplates();
  const shown = (templates.data ?? []).filter((t) => templateMatchesFilter(t, filter));
  return (
    <section className="stack coach-view" aria-labelledby="coach-templates-heading">
      <ViewHeading id="coach-templates-heading" title="Templates">
        <SegmentedControl
          label="Template filter"
          values={TEMPLATE_FILTERS}
          labels={TEMPLATE_FILTER_TEXT}
          value={filter}
          onChange={setFilter}
        />
      </ViewHeading>
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <Banner inline kind="error" title="The templates could not be loaded" text="Please reload the page." />
      ) : shown.length === 0 ? (
        <EmptyState icon={<FileStack aria-hidden />} title={ASSIGNMENT_MSG.noTemplates}>
          <p className="muted">{ASSIGNMENT_MSG.noTemplatesHint}</p>
        </EmptyState>
      ) : (
        <ul className="assignment-cards" data-testid="templates">
          {shown.map((t) => (
            <TemplateCard key={t.assignmentId} t={t} />
          ))}
        </ul>
      )}
    </section>
  );
}
