import { useState } from 'react';
import { ZOOM_MSG } from '@rostrum/contract';
import { ConfirmDialog } from '../../components/dialog';
import { goLinkZoom } from './zoom-link';

/**
 * The spec's link-failure confirm (002 section 8): OK goes to Zoom's authorisation page to try
 * again; Cancel calls onCancel.
 */
export function ZoomLinkFailed({ open, assignmentId, onCancel }: { open: boolean; assignmentId: string | null; onCancel: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title="Link your Zoom account"
      confirmLabel="OK"
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void goLinkZoom(assignmentId).catch(() => setBusy(false));
      }}
      onCancel={onCancel}
    >
      <p>{ZOOM_MSG.linkFailed}</p>
    </ConfirmDialog>
  );
}
