import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/button';

/**
 * The spec's alerts (002 section 5: unnamed and duplicate ratings, an attachment to reload) as a
 * modal with one OK button, on the native <dialog> like the app's ConfirmDialog.
 */
export function AlertDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const textId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (message && !el.open) el.showModal();
    if (!message && el.open) el.close();
  }, [message]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-describedby={textId}
      aria-label="Please check"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__body">
        <p id={textId} className="editor-alert__text">
          {message}
        </p>
      </div>
      <div className="dialog__footer">
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </div>
    </dialog>
  );
}
