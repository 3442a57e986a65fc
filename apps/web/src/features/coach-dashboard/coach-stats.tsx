import { ClipboardCheck, Flag, MessageSquare, Mic } from 'lucide-react';
import type { TCoachDashboardStats } from '@rostrum/contract';
import { StatTiles } from '../../components/stat-tiles';

/** The coach dashboard's four stats (002 section 2.2); placeholders while they load. */
export function CoachStats({ stats }: { stats: TCoachDashboardStats | undefined }) {
  return (
    <StatTiles
      label="Statistics"
      items={[
        { icon: <ClipboardCheck size={18} aria-hidden />, label: 'Active Assignments', value: stats?.activeAssignments },
        { icon: <Mic size={18} aria-hidden />, label: 'Total Recordings', value: stats?.totalRecordings },
        { icon: <MessageSquare size={18} aria-hidden />, label: 'Total Comments', value: stats?.totalComments },
        { icon: <Flag size={18} aria-hidden />, label: 'Recordings For Review', value: stats?.recordingsForReview },
      ]}
    />
  );
}
