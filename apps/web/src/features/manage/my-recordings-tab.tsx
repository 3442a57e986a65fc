import { useState } from 'react';
import { Link } from 'react-router';
import { OWN_RECORDINGS } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { ActionMenu } from '../../components/action-menu';
import { Banner } from '../../components/banner';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { formatDateTime } from '../../components/date-format';
import type { TViewer } from '../../app/viewer';
import { rowState } from './manage-text';
import { NoRecordingsYet } from './no-recordings';
import { DurationCell, HistoryCell, RecordingFlags, RecordingStateCell, VocalDeliveryCell } from './recording-cells';
import { useRecordingRowActions } from './recording-row-actions';
import { CompareSelection, toggleSelected } from '../compare/compare-selection';
import { useMyRecordings } from './manage.queries';

/**
 * 'My Recordings' (002 section 2.5): the signed-in speaker's recordings with Title, History,
 * Duration and Vocal Delivery, and the row actions Rename, Download, Submit to coach, Share with
 * the entire group (both with Undo) and Delete. The list refreshes while anything is processing.
 */
export function MyRecordingsTab({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const recordings = useMyRecordings();

  const { actionsFor, dialogs, error } = useRecordingRowActions(vocab, 'manage');
  // Analysed recordings picked for Compare takes (issue 20), in the order picked.
  const [picked, setPicked] = useState<string[]>([]);

  if (recordings.isPending) return <LoadingState />;
  if (recordings.isError) {
    return <Banner kind="error" inline title="Could not load your recordings" text={errorMessage(recordings.error, 'Please try again.')} />;
  }
  const list = recordings.data;
  const manyGroups = new Set(list.map((r) => r.groupId)).size > 1;
  // A recording deleted or re-listed meanwhile leaves the selection.
  const selected = picked.filter((id) => list.some((r) => r.recordingId === id && rowState(r) === 'done'));

  return (
    <>
      <Card
        flush
        title={OWN_RECORDINGS}
        titleId="my-recordings-title"
        description={`Rename, download or delete your recordings, submit them to your ${vocab.word('coach')} or share them with your ${vocab.word('group')}.`}
        actions={list.length > 1 ? <CompareSelection selected={selected} /> : undefined}
      >
        {error && (
          <div className="my-recordings__error">
            <Banner kind="error" inline title="Could not save" text={error} />
          </div>
        )}
        {list.length === 0 ? (
          <NoRecordingsYet />
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
                          <span className="take-pick">
                            {state === 'done' && list.length > 1 && (
                              <input
                                type="checkbox"
                                checked={selected.includes(r.recordingId)}
                                onChange={(e) => setPicked(toggleSelected(selected, r.recordingId, e.target.checked))}
                                aria-label={`Select ${r.title} to compare`}
                              />
                            )}
                            <Link to={`/evaluate/${r.recordingId}`} className="table-strong">
                              {r.title}
                            </Link>
                          </span>
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
      {dialogs}
    </>
  );
}
