import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Library } from 'lucide-react';
import {
  MY_LIB_FILTER_TEXT,
  OWN_RECORDINGS,
  MY_LIB_COLUMNS,
  formatLibrarySort,
  parseLibrarySort,
  type TLibraryRecording,
  type TMyLibFilter,
  type TMyLibSortKey,
  type TVocabulary,
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { ActionMenu } from '../../components/action-menu';
import { Banner } from '../../components/banner';
import { formatDate } from '../../components/date-format';
import { DisclosureButton } from '../../components/disclosure';
import { formatDuration } from '../../components/duration-format';
import { SortButton } from '../../components/sort-header';
import { Badge } from '../../components/status-badge';
import { LoadingState } from '../../components/spinner';
import { usePreference, useSavePreferences } from '../../app/preferences';
import type { TViewer } from '../../app/viewer';
import { MANAGE_TEXT, rowState } from '../manage/manage-text';
import { NoRecordingsYet } from '../manage/no-recordings';
import { RecordingStateCell, scoreText } from '../manage/recording-cells';
import { useRecordingRowActions } from '../manage/recording-row-actions';
import { CompareSelection, toggleSelected } from '../compare/compare-selection';
import { TakeDelta, vibeChangesInList } from '../compare/take-delta';
import { LIBRARY_SORT_KEYS, nextLibrarySort, openRowIds, toggledRowIds, visibleLibrary } from './library-model';
import { SegmentedControl } from '../../components/segmented-control';
import '../manage/manage.css';
import './speaker-dashboard.css';
import { useLibrary } from './speaker-dashboard.queries';

// My Library (002 section 2.4): the speaker's own recordings with a remembered filter and sort,
// the row actions of My Recordings, and rows that open to a player and the recording's details
// (kept open across visits in tableRowIndices).

/** The filters in the spec's order: All, Flagged for Review, Assignments, Private. */
const FILTER_ORDER: readonly TMyLibFilter[] = ['all', 'submitted', 'assignment', 'private'];

const NUMERIC: ReadonlySet<TMyLibSortKey> = new Set(['duration', 'overall', 'recordingComments', 'rating', 'coachRating']);

function columnLabel(key: TMyLibSortKey, vocab: TVocabulary): string {
  if (key === 'group') return vocab.Word('group');
  if (key === 'coachRating') return `${vocab.Word('coach')} Rating`;
  return MY_LIB_COLUMNS[key];
}

const ratingText = (n: number | null) => (n == null ? '—' : n.toFixed(1));

export function MyLibrary({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const [filter, setFilter] = usePreference(viewer.me, 'myLibFilter');
  const [storedSort, setSort] = usePreference(viewer.me, 'myLibSort');
  const sort = parseLibrarySort(storedSort);
  const savePreferences = useSavePreferences();
  const open = openRowIds(viewer.me.user.preferences);
  const { actionsFor, dialogs, error } = useRecordingRowActions(vocab, 'library');
  const library = useLibrary();
  // Analysed recordings picked to compare (issue 41), in the order picked.
  const [picked, setPicked] = useState<string[]>([]);

  if (library.isPending) return <LoadingState />;
  if (library.isError) {
    return (
      <Banner
        inline
        kind="error"
        title="Your recordings could not be loaded"
        text={errorMessage(library.error, 'Please reload the page.')}
      />
    );
  }
  const all = library.data;
  const shown = visibleLibrary(all, filter, sort);
  const toggleRow = (recordingId: string) => savePreferences({ tableRowIndices: toggledRowIds(open, recordingId, all) });
  const changes = vibeChangesInList(all);
  const selected = picked.filter((id) => all.some((r) => r.recordingId === id && rowState(r) === 'done'));
  const canPick = all.filter((r) => rowState(r) === 'done').length > 1;
  const pick = canPick ? { selected, onPick: (id: string, on: boolean) => setPicked(toggleSelected(selected, id, on)) } : null;
  const colCount = LIBRARY_SORT_KEYS.length + 1;

  return (
    <section className="stack my-library" aria-labelledby="my-library-title">
      <div className="row row--between my-library__heading">
        <h2 id="my-library-title" className="section-title">
          {OWN_RECORDINGS}
        </h2>
        <SegmentedControl label="Show recordings" values={FILTER_ORDER} labels={MY_LIB_FILTER_TEXT} value={filter} onChange={setFilter} />
      </div>
      {canPick && <CompareSelection selected={selected} />}
      {error && <Banner kind="error" inline title="Could not save" text={error} />}
      {all.length === 0 ? (
        <NoRecordingsYet />
      ) : (
        <div className="table-wrap card">
          <table className="table table--stack my-library__table" aria-labelledby="my-library-title">
            <thead>
              <tr>
                {LIBRARY_SORT_KEYS.map((key) => (
                  <th
                    key={key}
                    scope="col"
                    className={NUMERIC.has(key) ? 'num' : undefined}
                    aria-sort={sort.key === key ? (sort.dir === 'u' ? 'ascending' : 'descending') : undefined}
                  >
                    <SortButton
                      direction={sort.key === key ? (sort.dir === 'u' ? 'ascending' : 'descending') : undefined}
                      onClick={() => setSort(formatLibrarySort(nextLibrarySort(sort, key)))}
                    >
                      {columnLabel(key, vocab)}
                    </SortButton>
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            {shown.length === 0 ? (
              <tbody>
                <tr>
                  <td className="table__empty" colSpan={colCount}>
                    {MANAGE_TEXT.noRecordings}
                  </td>
                </tr>
              </tbody>
            ) : (
              shown.map((r) => (
                <LibraryRow
                  key={r.recordingId}
                  r={r}
                  vocab={vocab}
                  expanded={open.has(r.recordingId)}
                  onToggle={() => toggleRow(r.recordingId)}
                  actions={<ActionMenu label={`Actions for ${r.title}`} items={actionsFor(r)} />}
                  colCount={colCount}
                  pick={pick}
                  change={changes.get(r.recordingId)}
                />
              ))
            )}
          </table>
        </div>
      )}
      {dialogs}
    </section>
  );
}

function LibraryRow({
  r,
  vocab,
  expanded,
  onToggle,
  actions,
  colCount,
  pick,
  change,
}: {
  r: TLibraryRecording;
  vocab: TVocabulary;
  expanded: boolean;
  onToggle: () => void;
  actions: ReactNode;
  colCount: number;
  /** Picking takes to compare; null when fewer than two are analysed. */
  pick: { selected: readonly string[]; onPick: (recordingId: string, on: boolean) => void } | null;
  /** The Vibe score's change since the previous take. */
  change: number | undefined;
}) {
  const state = rowState(r);
  const detailsId = `library-details-${r.recordingId}`;
  const cell = (key: TMyLibSortKey, content: ReactNode, extra?: string) => (
    <td data-label={columnLabel(key, vocab)} className={[NUMERIC.has(key) && 'num', extra].filter(Boolean).join(' ') || undefined}>
      {content}
    </td>
  );
  return (
    <tbody className={expanded ? 'speakers-table__group is-open' : 'speakers-table__group'} data-testid="library-row">
      <tr>
        {cell(
          'title',
          <div className="my-library__title">
            <DisclosureButton expanded={expanded} controls={detailsId} onToggle={onToggle} srText={`Details of ${r.title}`}>
              {null}
            </DisclosureButton>
            <div className="recording-title-cell">
              <span className="take-pick">
                {pick && state === 'done' && (
                  <input
                    type="checkbox"
                    checked={pick.selected.includes(r.recordingId)}
                    onChange={(e) => pick.onPick(r.recordingId, e.target.checked)}
                    aria-label={`Select ${r.title} to compare`}
                  />
                )}
                <Link to={`/evaluate/${r.recordingId}`} className="table-strong">
                  {r.title}
                </Link>
              </span>
              {state !== 'done' && <RecordingStateCell state={state} />}
              {(r.submitted || r.feedbackRequested) && (
                <span className="recording-flags">
                  {r.submitted && <Badge tone="info">Flagged for review</Badge>}
                  {r.feedbackRequested && <Badge tone="info">Shared with {vocab.word('group')}</Badge>}
                </span>
              )}
            </div>
          </div>,
        )}
        {cell('group', r.groupName ?? '—')}
        {cell('uploaded', formatDate(r.createdDate), 'nowrap')}
        {cell('duration', formatDuration(r.duration))}
        {cell(
          'overall',
          <>
            {scoreText(r)}
            <TakeDelta change={change} />
          </>,
        )}
        {cell('recordingComments', r.numComments)}
        {cell('rating', ratingText(r.scoreOverallAvgRating))}
        {cell('coachRating', ratingText(r.scoreOverallAvgRatingCoach))}
        <td className="my-recordings__actions">{actions}</td>
      </tr>
      <tr id={detailsId} className="speakers-table__details" hidden={!expanded}>
        <td colSpan={colCount}>{expanded && <LibraryDetails r={r} vocab={vocab} />}</td>
      </tr>
    </tbody>
  );
}

/** The open row: the player, where the recording is, who it went to, and the way to its results. */
function LibraryDetails({ r, vocab }: { r: TLibraryRecording; vocab: TVocabulary }) {
  const state = rowState(r);
  return (
    <div className="library-details" data-testid="library-details">
      {state === 'done' ? (
        r.playbackUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: speech recordings; the results page has the transcript.
          <audio className="library-details__audio" controls preload="none" src={r.playbackUrl} aria-label={`Play ${r.title}`} />
        ) : null
      ) : (
        <RecordingStateCell state={state} />
      )}
      <dl className="library-details__facts">
        <div>
          <dt>Assignment</dt>
          <dd>{r.assignmentName ?? 'None (private)'}</dd>
        </div>
        <div>
          <dt>Flagged for {vocab.word('coach')} review</dt>
          <dd>{r.submitted ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Shared with {vocab.word('group')}</dt>
          <dd>{r.feedbackRequested ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Ratings</dt>
          <dd>
            {r.numRatings} overall, {r.numCoachRatings} by {vocab.word('coaches')}
          </dd>
        </div>
      </dl>
      <Link to={`/evaluate/${r.recordingId}`} className="library-details__link">
        <Library size={15} aria-hidden /> View results<span className="visually-hidden"> of {r.title}</span>
      </Link>
    </div>
  );
}
