import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FolderInput, Mic, Pencil, Send, Trash2, Undo2, UserX, Users } from 'lucide-react';
import type { TRecordingSummary } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import { errorMessage } from '../../api/http-client';
import { ActionMenu, type ActionMenuItem } from '../../components/action-menu';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { formatDateTime } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';
import { useUndoableRecordingUpdate } from '../results/use-undoable-recording-update';
import { MANAGE_TEXT, rowState } from './manage-text';
import { DurationCell, HistoryCell, RecordingFlags, RecordingStateCell, VocalDeliveryCell } from './recording-cells';
import { RenameRecordingDialog } from './rename-recording-dialog';
import { downloadRecording } from './download-recording';
import { PROCESSING_POLL_MS } from './speaker-recordings';

/**
 * 002 section 2.5: the row's Submit to coach and Share with the entire group offers, as the
 * server's abilities allow (recordingAbilities), while the recording is done and not yet so; and
 * their way back, Withdraw from coach and Stop sharing, for the owner (the one who may rename it),
 * whom the server always lets turn them off (updateRecording). With Assignments on, a recording
 * outside an assignment is shared or submitted only once moved into one (canSubmit, 002 section 4).
 */
export function sharingOffers(r: TRecordingSummary) {
  const done = rowState(r) === 'done';
  const owner = r.abilities.canRename;
  return {
    submit: done && !r.submitted && r.abilities.canFlag,
    withdraw: owner && r.submitted,
    share: done && !r.feedbackRequested && r.abilities.canShare,
    stopSharing: owner && r.feedbackRequested,
    moveToAssignment: done && r.abilities.canSubmit,
  };
}

/**
 * 'My Recordings' (002 section 2.5): the signed-in speaker's recordings with Title, History,
 * Duration and Vocal Delivery, and the row actions Rename, Download, Submit to coach, Share with
 * the entire group (both with Undo) and Delete. The list refreshes while anything is processing.
 */
export function MyRecordingsTab({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const recordings = useQuery({
    queryKey: queryKeys.recordings,
    queryFn: api.getRecordings,
    refetchInterval: (q) => (q.state.data?.some((r) => r.processing) ? PROCESSING_POLL_MS : false),
  });

  const sharing = useUndoableRecordingUpdate({
    submitted: [`Submitted to your ${vocab.word('coach')}.`, `No longer submitted to your ${vocab.word('coach')}.`],
    feedbackRequested: [`Shared with your entire ${vocab.word('group')}.`, `No longer shared with your ${vocab.word('group')}.`],
  });
  const [renaming, setRenaming] = useState<TRecordingSummary | null>(null);
  const [deleting, setDeleting] = useState<TRecordingSummary | null>(null);
  const remove = useMutation({
    mutationFn: (r: TRecordingSummary) => api.deleteRecording(r.recordingId),
    onSuccess: (_d, r) => {
      queryClient.setQueryData<TRecordingSummary[]>(queryKeys.recordings, (list) => list?.filter((x) => x.recordingId !== r.recordingId));
      queryClient.removeQueries({ queryKey: queryKeys.recording(r.recordingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
      setDeleting(null);
      notifications.success('Recording Deleted', `"${r.title}" has been deleted.`);
    },
    onError: (e) => {
      setDeleting(null);
      notifications.error('Could not delete the recording', errorMessage(e, 'Please try again.'));
    },
  });

  if (recordings.isPending) return <LoadingState />;
  if (recordings.isError) {
    return <Banner kind="error" inline title="Could not load your recordings" text={errorMessage(recordings.error, 'Please try again.')} />;
  }
  const list = recordings.data;
  const manyGroups = new Set(list.map((r) => r.groupId)).size > 1;

  const actionsFor = (r: TRecordingSummary): ActionMenuItem[] => {
    const offers = sharingOffers(r);
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
      items.push({
        key: 'submit',
        label: `Submit to ${vocab.word('coach')}`,
        icon: <Send size={16} aria-hidden />,
        onSelect: () => sharing.change({ recordingId: r.recordingId, field: 'submitted', value: true }),
      });
    }
    if (offers.withdraw) {
      items.push({
        key: 'withdraw',
        label: `Withdraw from ${vocab.word('coach')}`,
        icon: <Undo2 size={16} aria-hidden />,
        onSelect: () => sharing.change({ recordingId: r.recordingId, field: 'submitted', value: false }),
      });
    }
    if (offers.share) {
      items.push({
        key: 'share',
        label: `Share with the entire ${vocab.word('group')}`,
        icon: <Users size={16} aria-hidden />,
        onSelect: () => sharing.change({ recordingId: r.recordingId, field: 'feedbackRequested', value: true }),
      });
    }
    if (offers.stopSharing) {
      items.push({
        key: 'stop-sharing',
        label: 'Stop sharing',
        icon: <UserX size={16} aria-hidden />,
        onSelect: () => sharing.change({ recordingId: r.recordingId, field: 'feedbackRequested', value: false }),
      });
    }
    if (offers.moveToAssignment) {
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

  return (
    <>
      <Card
        flush
        title="My Recordings"
        titleId="my-recordings-title"
        description={`Rename, download or delete your recordings, submit them to your ${vocab.word('coach')} or share them with your ${vocab.word('group')}.`}
      >
        {sharing.error && (
          <div className="my-recordings__error">
            <Banner kind="error" inline title="Could not save" text={sharing.error} />
          </div>
        )}
        {list.length === 0 ? (
          <EmptyState icon={<Mic size={24} aria-hidden />} title={MANAGE_TEXT.noRecordings}>
            <ButtonLink to="/record" variant="accent" icon={<Mic size={16} aria-hidden />}>
              Make a recording
            </ButtonLink>
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack my-recordings" aria-labelledby="my-recordings-title">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">History</th>
                  <th scope="col" className="num">
                    Duration
                  </th>
                  <th scope="col" className="num">
                    Vocal Delivery
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => {
                  const state = rowState(r);
                  return (
                    <tr key={r.recordingId} data-testid="my-recording">
                      <td data-label="Title">
                        <div className="recording-title-cell">
                          <Link to={`/evaluate/${r.recordingId}`} className="table-strong">
                            {r.title}
                          </Link>
                          <span className="subtle">
                            {formatDateTime(r.createdDate)}
                            {manyGroups && r.groupName ? ` · ${r.groupName}` : ''}
                          </span>
                          {state !== 'done' && <RecordingStateCell state={state} />}
                          <RecordingFlags recording={r} vocab={vocab} />
                        </div>
                      </td>
                      <HistoryCell href={state === 'done' ? `/history?recording=${r.recordingId}` : null} title={r.title} />
                      <DurationCell seconds={r.duration} />
                      <VocalDeliveryCell recording={r} />
                      <td className="my-recordings__actions">
                        <ActionMenu label={`Actions for ${r.title}`} items={actionsFor(r)} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <RenameRecordingDialog recording={renaming} onClose={() => setRenaming(null)} />
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
}
