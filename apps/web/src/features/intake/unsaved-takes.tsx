import { useState } from 'react';
import { Info, Save, Trash2 } from 'lucide-react';
import { LIVE_CAPTURE_MSG, type TUnsavedTake } from '@rostrum/contract';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { formatDateTime } from '../../components/date-format';
import { discardUnsavedTake, useReloadUnsavedTakes, useUnsavedTakeList } from './intake.queries';
import './unsaved-takes.css';

// Unsaved takes (GET live-captures): recordings whose audio reached the server but that were
// never saved nor discarded (the tab closed before Save, the browser crashed, the phone slept).
// Offered on the record page and on the speaker's landing page until answered.

/**
 * The signed-in speaker's unsaved takes (none while `enabled` is false or the list cannot be
 * read), and whether the list has been answered.
 */
export function useUnsavedTakes(enabled = true): { takes: TUnsavedTake[]; settled: boolean } {
  const query = useUnsavedTakeList(enabled);
  return { takes: query.data ?? [], settled: !enabled || !query.isPending };
}

/** Where Save it leads from a page other than the record page: its save form, for this take. */
export function unsavedTakePath(take: TUnsavedTake): string {
  const params = new URLSearchParams({ take: take.captureId });
  if (take.assignment) params.set('assignmentId', take.assignment.assignmentId);
  return `/record?${params.toString()}`;
}

interface Props {
  takes: TUnsavedTake[];
  onSave: (take: TUnsavedTake) => void;
  /** After the take is discarded on the server (the record page also drops its device copy). */
  onDiscarded?: (take: TUnsavedTake) => void;
}

/** "You have an unsaved take from {time}: Save it / Discard", one line per take; Discard asks first. */
export function UnsavedTakesNotice({ takes, onSave, onDiscarded }: Props) {
  const reloadTakes = useReloadUnsavedTakes();
  const [discarding, setDiscarding] = useState<TUnsavedTake | null>(null);
  const [busy, setBusy] = useState(false);
  if (!takes.length && !discarding) return null;

  const discard = async () => {
    if (!discarding) return;
    setBusy(true);
    try {
      await discardUnsavedTake(discarding.captureId);
      onDiscarded?.(discarding);
    } catch {
      // Already gone (saved elsewhere, expired): the list below is read again either way.
    } finally {
      setBusy(false);
      setDiscarding(null);
      await reloadTakes();
    }
  };

  return (
    <section className="unsaved-takes" aria-label="Unsaved takes" data-testid="unsaved-takes">
      <ul className="unsaved-takes__list">
        {takes.map((take) => (
          <li key={take.captureId} className="banner banner--info banner--inline unsaved-take" data-testid="unsaved-take">
            <div className="unsaved-take__message">
              <Info className="banner__icon" size={18} aria-hidden />
              <p className="unsaved-take__text">{LIVE_CAPTURE_MSG.unsavedTake(formatDateTime(take.startedAt))}</p>
            </div>
            <div className="unsaved-take__actions">
              <Button size="sm" icon={<Save size={14} aria-hidden />} onClick={() => onSave(take)}>
                {LIVE_CAPTURE_MSG.saveIt}
              </Button>
              <Button size="sm" variant="secondary" icon={<Trash2 size={14} aria-hidden />} onClick={() => setDiscarding(take)}>
                {LIVE_CAPTURE_MSG.discard}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!discarding}
        title="Discard this recording?"
        confirmLabel="Discard"
        destructive
        cancelLabel="Keep it"
        busy={busy}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => void discard()}
      >
        <p className="muted">The recording has not been saved and will be lost.</p>
      </ConfirmDialog>
    </section>
  );
}
