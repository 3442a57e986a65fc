import { CalendarClock } from 'lucide-react';
import { DUE_MSG, dueText } from '@rostrum/contract';
import { Badge } from './status-badge';
import './due-date.css';

/**
 * An assignment's due date on the organisation's wall clock ("Due tomorrow, 11:59 PM UTC"), with
 * an "Overdue" warning when the server says the viewer has not completed it in time. Nothing
 * without a due date.
 */
export function DueLine({
  dueAt,
  overdue = false,
  timeZone,
  now,
}: {
  dueAt: string | null;
  overdue?: boolean;
  timeZone: string;
  now?: Date;
}) {
  if (!dueAt) return null;
  return (
    <p className={`due-line${overdue ? ' is-overdue' : ''}`} data-testid="due-line">
      <CalendarClock size={14} aria-hidden />
      <span>{dueText(dueAt, timeZone, now)}</span>
      {overdue && <Badge tone="warning">{DUE_MSG.overdue}</Badge>}
    </p>
  );
}
