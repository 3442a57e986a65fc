import type { ReactNode } from 'react';
import { ClipboardCheck, Flag, MessageSquare, Mic } from 'lucide-react';
import type { TCoachDashboardStats } from '@rostrum/contract';

/** The dashboard's four stats (002 section 2.2); placeholders while they load. */
export function CoachStats({ stats }: { stats: TCoachDashboardStats | undefined }) {
  return (
    <section className="coach-stats" aria-label="Statistics" aria-busy={!stats || undefined}>
      <Stat icon={<ClipboardCheck size={18} aria-hidden />} label="Active Assignments" value={stats?.activeAssignments} />
      <Stat icon={<Mic size={18} aria-hidden />} label="Total Recordings" value={stats?.totalRecordings} />
      <Stat icon={<MessageSquare size={18} aria-hidden />} label="Total Comments" value={stats?.totalComments} />
      <Stat icon={<Flag size={18} aria-hidden />} label="Recordings For Review" value={stats?.recordingsForReview} />
    </section>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <div className="coach-stat" data-testid="coach-stat">
      <span className="icon-tile coach-stat__icon">{icon}</span>
      <dl className="coach-stat__text">
        <dt className="coach-stat__label">{label}</dt>
        <dd className="coach-stat__value">{value ?? <span className="coach-stat__placeholder" role="img" aria-label="Loading..." />}</dd>
      </dl>
    </div>
  );
}
