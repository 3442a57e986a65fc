import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Download, FolderInput, Pencil, Send, Trash2, Undo2, UserX, Users } from 'lucide-react';
import type { TRecordingSummary, TVocabulary } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import type { ActionMenuItem } from '../../components/action-menu';
import { ConfirmDialog } from '../../components/dialog';
import { notifications } from '../../app/notification-store';
import { useUndoableRecordingUpdate } from '../results/use-undoable-recording-update';
import { MANAGE_TEXT, rowState } from './manage-text';
import { RenameRecordingDialog } from './rename-recording-dialog';
import { downloadRecording } from './download-recording';
import { useDeleteListedRecording, useReloadRecordingLists } from './manage.queries';

// The row actions of a speaker's own recordings, one set for Manage's My Recordings (002 section
// 2.5) and the speaker dashboard's My Library (002 section 2.4): Rename, Download, the two
// sharing changes with Undo, Add to assignment and Delete, each offered as the server's
// abilities allow.

/**
 * The row's flag-for-review (submitted) and share-with-the-group (feedbackRequested) offers, as
 * the server's abilities allow (recordingAbilities), while the recording is done and not yet so;
 * and their way back for the owner (the one who may rename it), whom the server always lets turn
 * them off. With Assignments on, a recording outside an assignment is shared or submitted only
 * once added to one (canSubmit, 002 section 4).
 */
export function sharingOffers(r: TRecordingSummary, wording: TActionWording) {
  const done = rowState(r) === 'done';
  const owner = r.abilities.canRename;
  // Manage's Submit to coach has its own rule (002 section 2.5); My Library flags wherever flagging is allowed.
  const mayFlag = wording === 'manage' ? r.abilities.canSubmitToCoach : r.abilities.canFlag;
  return {
    submit: done && !r.submitted && mayFlag,
    withdraw: owner && r.submitted,
    share: done && !r.feedbackRequested && r.abilities.canShare,
    stopSharing: owner && r.feedbackRequested,
    moveToAssignment: done && r.abilities.canSubmit,
  };
}

/** Which screen's menu: Manage's My Recordings (002 section 2.5) or the speaker dashboard's My Library (2.4). */
export type TActionWording = 'manage' | 'library';

/** The menu wording: Manage says "Submit to coach" (002 section 2.5), My Library "Flag for coach review" (2.4). */
function actionLabels(vocab: TVocabulary, wording: TActionWording) {
  const coach = vocab.word('coach');
  const group = vocab.word('group');
  return wording === 'manage'
    ? {
        submit: `Submit to ${coach}`,
        withdraw: `Withdraw from ${coach}`,
        share: `Share with the entire ${group}`,
        stopSharing: 'Stop sharing',
      }
    : {
        submit: `Flag for ${coach} review`,
        withdraw: 'Remove review flag',
        share: `Share with whole ${group}`,
        stopSharing: 'Stop sharing',
      };
}

/**
 * The actions for one row and the dialogs they open (render `dialogs` once beside the table).
 * After a change the lists that show the recording are loaded again: My Recordings, My Library
 * and the dashboard's counts.
 */
export function useRecordingRowActions(vocab: TVocabulary, wording: TActionWording) {
  const navigate = useNavigate();
  const reloadLists = useReloadRecordingLists();
  const sharing = useUndoableRecordingUpdate(
    {
      submitted:
        wording === 'manage'
          ? [`Submitted to your ${vocab.word('coach')}.`, `No longer submitted to your ${vocab.word('coach')}.`]
          : [`Flagged for ${vocab.word('coach')} review.`, `No longer flagged for ${vocab.word('coach')} review.`],
      feedbackRequested: [`Shared with your entire ${vocab.word('group')}.`, `No longer shared with your ${vocab.word('group')}.`],
    },
    reloadLists,
  );
  const [renaming, setRenaming] = useState<TRecordingSummary | null>(null);
  const [deleting, setDeleting] = useState<TRecordingSummary | null>(null);
  const remove = useDeleteListedRecording({
    onSuccess: (r) => {
      setDeleting(null);
      notifications.success('Recording Deleted', `"${r.title}" has been deleted.`);
    },
    onError: (e) => {
      setDeleting(null);
      notifications.error('Could not delete the recording', errorMessage(e, 'Please try again.'));
    },
  });

  const labels = actionLabels(vocab, wording);
  const actionsFor = (r: TRecordingSummary): ActionMenuItem[] => {
    const offers = sharingOffers(r, wording);
    const change = (field: 'submitted' | 'feedbackRequested', value: boolean) => () =>
      sharing.change({ recordingId: r.recordingId, field, value });
    const items: ActionMenuItem[] = [];
    if (r.abilities.canRename) {
      items.push({ key: 'rename', label: 'Rename', icon: <Pencil size={16} aria-hidden />, onSelect: () => setRenaming(r) });
    }
    if (rowState(r) === 'done') {
      items.push({
        key: 'download',
        label: 'Download',
        icon: <Download size={16} aria-hidden />,
        onSelect: () => void downloadRecording(r),
      });
    }
    if (offers.submit) {
      items.push({ key: 'submit', label: labels.submit, icon: <Send size={16} aria-hidden />, onSelect: change('submitted', true) });
    }
    if (offers.withdraw) {
      items.push({ key: 'withdraw', label: labels.withdraw, icon: <Undo2 size={16} aria-hidden />, onSelect: change('submitted', false) });
    }
    if (offers.share) {
      items.push({ key: 'share', label: labels.share, icon: <Users size={16} aria-hidden />, onSelect: change('feedbackRequested', true) });
    }
    if (offers.stopSharing) {
      items.push({
        key: 'stop-sharing',
        label: labels.stopSharing,
        icon: <UserX size={16} aria-hidden />,
        onSelect: change('feedbackRequested', false),
      });
    }
    if (offers.moveToAssignment) {
      // The results page holds the assignment picker and its "cannot be undone" confirmation.
      items.push({
        key: 'move',
        label: 'Add to assignment',
        icon: <FolderInput size={16} aria-hidden />,
        onSelect: () => navigate(`/evaluate/${r.recordingId}`),
      });
    }
    if (r.abilities.canDelete) {
      items.push({ key: 'delete', label: 'Delete', icon: <Trash2 size={16} aria-hidden />, danger: true, onSelect: () => setDeleting(r) });
    }
    return items;
  };

  const dialogs: ReactNode = (
    <>
      <RenameRecordingDialog recording={renaming} onClose={() => setRenaming(null)} onRenamed={reloadLists} />
      <ConfirmDialog
        open={!!deleting}
        title={MANAGE_TEXT.deleteConfirm}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && <p>"{deleting.title}", its results and its feedback will be removed. This cannot be undone.</p>}
      </ConfirmDialog>
    </>
  );

  return { actionsFor, dialogs, error: sharing.error };
}
