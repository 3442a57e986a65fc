import { AlertTriangle, Clock3, Mic, ShieldCheck, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { isSeatAlarm, type TAdminStats } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { useAdminStats } from './admin-groups.queries';
import './seat-stats.css';

/** The admin area's seat statistics (000 sections 2.11 and 6), shown above the tabs. */
export function SeatStats({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const stats = useAdminStats();
  if (stats.isError) return null;
  const s = stats.data;
  return (
    <section className="seat-stats" aria-label="Seat statistics" aria-busy={stats.isPending || undefined}>
      <StatCard
        icon={<ShieldCheck size={18} aria-hidden />}
        label={`${vocab.Word('coaches')}/Admins`}
        value={s?.coachesAndAdmins}
        note={`Admins and active ${vocab.word('coaches')}`}
      />
      <StatCard
        icon={<Mic size={18} aria-hidden />}
        label={`Active ${vocab.Word('speaker')} Seats`}
        value={s?.activeSpeakerSeats}
        note={`Active ${vocab.word('speaker')} memberships`}
      />
      <StatCard icon={<Clock3 size={18} aria-hidden />} label="Expired Users" value={s?.expiredUsers} note="No active role" />
      <SeatLimitCard stats={s} />
    </section>
  );
}

function StatCard({
  icon,
  label,
  value,
  note,
  alarm,
}: {
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  note?: ReactNode;
  alarm?: boolean;
}) {
  return (
    <div className={['stat-card', alarm && 'stat-card--alarm'].filter(Boolean).join(' ')} data-testid="stat-card">
      <span className="icon-tile stat-card__icon">{icon}</span>
      <dl className="stat-card__text">
        <dt className="stat-card__label">{label}</dt>
        <dd className="stat-card__value">{value ?? <span className="stat-card__placeholder" role="img" aria-label="Loading..." />}</dd>
        {note && <dd className="stat-card__note">{note}</dd>}
      </dl>
    </div>
  );
}

/** The limit with its use; the alarm style when the limit is 0 or reached by active speakers. */
function SeatLimitCard({ stats }: { stats?: TAdminStats }) {
  if (!stats) return <StatCard icon={<Ticket size={18} aria-hidden />} label="Seat Limit" />;
  const { seatLimit, activeSpeakerSeats } = stats;
  const alarm = isSeatAlarm(stats);
  const used = seatLimit ? Math.min(100, Math.round((activeSpeakerSeats / seatLimit) * 100)) : 100;
  return (
    <StatCard
      icon={alarm ? <AlertTriangle size={18} aria-hidden /> : <Ticket size={18} aria-hidden />}
      label="Seat Limit"
      value={seatLimit === null ? 'Unlimited' : seatLimit}
      alarm={alarm}
      note={
        seatLimit === null ? (
          `${activeSpeakerSeats} in use`
        ) : (
          <>
            <span className="stat-card__meter" aria-hidden>
              <span style={{ width: `${used}%` }} />
            </span>
            {alarm ? (seatLimit === 0 ? 'No seats available' : 'Seat limit reached') : `${activeSpeakerSeats} of ${seatLimit} in use`}
          </>
        )
      }
    />
  );
}
