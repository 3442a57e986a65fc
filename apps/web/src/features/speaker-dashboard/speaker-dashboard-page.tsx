import { useNavigate } from 'react-router';
import { ClipboardList, Flag, MessageSquare, Mic } from 'lucide-react';
import { OWN_RECORDINGS, SPEAKER_DASHBOARD_VIEWS, type TSpeakerDashboard, type TSpeakerDashboardStats } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { usePreference } from '../../app/preferences';
import { useViewer } from '../../app/viewer';
import { MyLibrary } from './my-library';
import { SpeakerAssignments } from './speaker-assignments';
import { SegmentedControl } from '../../components/segmented-control';
import { StatTiles } from '../../components/stat-tiles';
import { UnsavedTakesNotice, unsavedTakePath, useUnsavedTakes } from '../intake/unsaved-takes';
import './speaker-dashboard.css';
import { useSpeakerDashboard } from './speaker-dashboard.queries';

const VIEW_LABELS = { assignments: 'Assignments', library: OWN_RECORDINGS } as const;

/**
 * /speaker-dashboard (002 section 2.4): the four stats over the speaker's own work and the
 * remembered toggle between their assignments, grouped by group, and My Library.
 */
export function SpeakerDashboardPage() {
  const viewer = useViewer();
  const [view, setView] = usePreference(viewer.me, 'speakerDashboardToggle');
  const dashboard = useSpeakerDashboard();
  const { takes } = useUnsavedTakes(viewer.speaker);
  const navigate = useNavigate();

  return (
    <div className="page speaker-dashboard">
      <PageHeader title="Dashboard" lead="Your assignments, your recordings and the feedback on them." />
      <UnsavedTakesNotice takes={takes} onSave={(take) => void navigate(unsavedTakePath(take))} />
      {dashboard.isPending ? (
        <LoadingState />
      ) : dashboard.isError ? (
        <Banner
          inline
          kind="error"
          title="Your dashboard could not be loaded"
          text={errorMessage(dashboard.error, 'Please reload the page.')}
        />
      ) : (
        <div className="stack stack--lg">
          <SpeakerStats stats={dashboard.data.stats} groups={dashboard.data.groups} />
          <SegmentedControl label="Show" values={SPEAKER_DASHBOARD_VIEWS} labels={VIEW_LABELS} value={view} onChange={setView} />
          {view === 'assignments' ? <SpeakerAssignments groups={dashboard.data.groups} viewer={viewer} /> : <MyLibrary viewer={viewer} />}
        </div>
      )}
    </div>
  );
}

/** Shown beside the stats once an assignment is completed: Active counts only those still to do. */
export const ACTIVE_ASSIGNMENTS_NOTE =
  'Active Assignments counts only assignments still to do. An assignment you completed (a single take can meet every criterion) is listed under Completed.';

function SpeakerStats({ stats, groups }: { stats: TSpeakerDashboardStats; groups: TSpeakerDashboard['groups'] }) {
  const anyCompleted = groups.some((g) => g.assignments.some((a) => a.status === 'completed' && !a.archived && !a.deleted));
  return (
    <div className="stack">
      <SpeakerStatTiles stats={stats} />
      {anyCompleted && (
        <p className="muted speaker-stats__note" data-testid="active-assignments-note">
          {ACTIVE_ASSIGNMENTS_NOTE}
        </p>
      )}
    </div>
  );
}

function SpeakerStatTiles({ stats }: { stats: TSpeakerDashboardStats }) {
  return (
    <StatTiles
      label="Statistics"
      items={[
        { icon: <ClipboardList size={18} aria-hidden />, label: 'Active Assignments', value: stats.activeAssignments },
        { icon: <Mic size={18} aria-hidden />, label: 'Total Recordings', value: stats.totalRecordings },
        { icon: <MessageSquare size={18} aria-hidden />, label: 'Total Comments', value: stats.totalComments },
        { icon: <Flag size={18} aria-hidden />, label: 'Recordings Flagged', value: stats.recordingsFlagged },
      ]}
    />
  );
}
