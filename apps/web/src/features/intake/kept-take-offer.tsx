import { Save, Trash2 } from 'lucide-react';
import { INTAKE_MSG } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import type { TStoredTake } from './take-store';

const timeFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** "today at 14:05" or "yesterday at 18:30" (a kept take is at most a day old). */
export function recordedWhen(startedAt: number, now = Date.now()): string {
  const start = new Date(startedAt);
  const today = new Date(now);
  const sameDay = start.toDateString() === today.toDateString();
  return `${sameDay ? 'today' : 'yesterday'} at ${timeFmt.format(start)}`;
}

/** In place of the Record button: the unsaved take kept on this device, to keep or discard. */
export function KeptTakeOffer({ take, onKeep, onDiscard }: { take: TStoredTake; onKeep: () => void; onDiscard: () => void }) {
  return (
    <section className="kept-take stack" aria-label={INTAKE_MSG.keptTakeTitle} data-testid="kept-take">
      <Banner inline kind="info" title={INTAKE_MSG.keptTakeTitle} text={INTAKE_MSG.keptTake(take.seconds, recordedWhen(take.startedAt))} />
      <div className="row kept-take__actions">
        <Button icon={<Save size={16} aria-hidden />} onClick={onKeep}>
          {INTAKE_MSG.keepTake}
        </Button>
        <Button variant="secondary" icon={<Trash2 size={16} aria-hidden />} onClick={onDiscard}>
          {INTAKE_MSG.discardTake}
        </Button>
      </div>
    </section>
  );
}
