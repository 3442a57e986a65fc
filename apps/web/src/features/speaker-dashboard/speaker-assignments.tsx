import { useMemo } from 'react';
import { Link } from 'react-router';
import { ClipboardList, Info, Mic } from 'lucide-react';
import {
  ASSIGNMENT_FILTERS,
  COMPLETED_EXPLAINED,
  ROUTES,
  SPEAKER_DASHBOARD_MSG,
  cardName,
  compareAssignments,
  criteriaAlgorithmLabel,
  memberAssignmentFacts,
  memberAssignmentMatchesFilter,
  routePath,
  speakerAssignmentStatus,
  type TAssignmentFilter,
  type TSpeakerAssignmentCard,
  type TSpeakerDashboard,
} from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { DueLine } from '../../components/due-date';
import { EmptyState } from '../../components/empty-state';
import { useGroupPreference } from '../../app/preferences';
import type { TViewer } from '../../app/viewer';
import { SegmentedControl } from '../../components/segmented-control';
import './speaker-dashboard.css';

// The speaker dashboard's Assignments view (002 section 2.4): a section per group, each with its
// own remembered Recent / Completed / Active / All filter.

const FILTER_LABELS: Record<TAssignmentFilter, string> = { recent: 'Recent', completed: 'Completed', active: 'Active', all: 'All' };

type TGroupCards = TSpeakerDashboard['groups'][number];

export function SpeakerAssignments({ groups, viewer }: { groups: TGroupCards[]; viewer: TViewer }) {
  if (groups.every((g) => g.assignments.length === 0)) {
    return <EmptyState icon={<ClipboardList size={24} aria-hidden />} title={SPEAKER_DASHBOARD_MSG.noAssignments} />;
  }
  return (
    <div className="stack stack--lg" data-testid="speaker-assignments">
      {groups.map((g) => (
        <GroupAssignments key={g.groupId} group={g} viewer={viewer} />
      ))}
    </div>
  );
}

function GroupAssignments({ group, viewer }: { group: TGroupCards; viewer: TViewer }) {
  const [filter, setFilter] = useGroupPreference(viewer.me, 'speakerAssignmentFilters', group.groupId);
  const shown = useMemo(
    () =>
      group.assignments
        .filter((a) => memberAssignmentMatchesFilter(a, filter))
        .sort((a, b) => compareAssignments(listFacts(a), listFacts(b))),
    [group.assignments, filter],
  );
  const headingId = `group-${group.groupId}-heading`;
  return (
    <section className="stack speaker-group" aria-labelledby={headingId} data-testid="speaker-group">
      <div className="row row--between speaker-group__heading">
        <h2 id={headingId} className="section-title">
          {group.name}
        </h2>
        <SegmentedControl
          label={`Assignments of ${group.name}`}
          values={ASSIGNMENT_FILTERS}
          labels={FILTER_LABELS}
          value={filter}
          onChange={setFilter}
        />
      </div>
      {shown.length === 0 ? (
        <p className="speaker-group__empty">{SPEAKER_DASHBOARD_MSG.noAssignmentsInFilter}</p>
      ) : (
        <ul className="assignment-cards">
          {shown.map((a) => (
            <AssignmentCard key={a.assignmentId} a={a} timeZone={viewer.org.timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

const listFacts = (a: TSpeakerAssignmentCard) => ({ ...memberAssignmentFacts(a), sortOrder: a.sortOrder });

function AssignmentCard({ a, timeZone }: { a: TSpeakerAssignmentCard; timeZone: string }) {
  const details = routePath(ROUTES.assignmentDetails.path, { assignmentId: a.assignmentId });
  const counts: [string, number][] = [
    ['My Recordings', a.counts.myRecordings],
    ['Comments', a.counts.comments],
  ];
  // Null where the group hides peers (speaker privacy level 4): the count is not shown at all.
  if (a.counts.peerRecordings !== null) counts.push(['Peer Recordings', a.counts.peerRecordings]);
  return (
    <li className="assignment-card card" data-testid="assignment-card">
      <div className="assignment-card__top">
        <Link to={details} className="assignment-card__name" title={a.name}>
          {cardName(a.name)}
        </Link>
        <span className={`assignment-card__status${a.archived || a.deleted ? ' is-archived' : a.overdue ? ' is-overdue' : ''}`}>
          {speakerAssignmentStatus(a, a.status, a.overdue)}
        </span>
        <DueLine dueAt={a.dueAt} overdue={a.overdue} timeZone={timeZone} />
      </div>
      {a.description && <p className="assignment-card__description">{a.description}</p>}
      {a.status === 'completed' && !a.archived && !a.deleted && <CompletedNote />}
      <dl className="assignment-card__counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <div className="row assignment-card__actions">
        {a.abilities.canSubmit && (
          <ButtonLink to={`/record?assignmentId=${encodeURIComponent(a.assignmentId)}`} size="sm" icon={<Mic size={15} aria-hidden />}>
            Record ({criteriaAlgorithmLabel(a.algorithm)})
          </ButtonLink>
        )}
        <ButtonLink to={details} size="sm" variant="secondary">
          Details<span className="visually-hidden"> of {a.name}</span>
        </ButtonLink>
      </div>
    </li>
  );
}

/**
 * Why a card says Completed and left Active (one take can meet every criterion at once), so that
 * "Active Assignments 0" right after a first take does not read as an error.
 */
export function CompletedNote() {
  return (
    <p className="assignment-card__note" data-testid="completed-note">
      <Info size={14} aria-hidden />
      <span>{COMPLETED_EXPLAINED}</span>
    </p>
  );
}
