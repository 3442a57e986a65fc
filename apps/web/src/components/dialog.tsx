import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The confirmation deletes or removes something: the confirm button is red. */
  destructive?: boolean;
}

/**
 * Opens or closes the native dialog with `open`, then focuses its main button. Not React's
 * autoFocus: React calls focus() when the button mounts, inside the closed dialog, which forced a
 * layout of the whole page while it was first rendering (a results page mounts several dialogs).
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && el.open) el.close();
  }, [ref, open]);
}

/** A modal confirmation built on the native <dialog> (focus trap and Escape come for free). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy,
  destructive,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(ref, open);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
      <div className="dialog__footer">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} busy={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * The spec's alerts (002 sections 5 and 8: unnamed and duplicate ratings, an attachment to
 * reload, "uh/um" restored, an invalid wordspotting delete) as a modal with one OK button.
 */
export function AlertDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const textId = useId();
  useModal(ref, !!message);
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
        <p id={textId} className="dialog__text">
          {message}
        </p>
      </div>
      <div className="dialog__footer">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </div>
    </dialog>
  );
}
