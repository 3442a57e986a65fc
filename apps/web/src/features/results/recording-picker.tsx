import { ArrowLeftRight } from 'lucide-react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../components/date-format';
import { SearchPicker } from '../../components/search-picker';
import { isGeneratedFileName, listState } from './recording-status';
import { StateIcon } from './state-icon';
import { useRecordings } from './results-recording.queries';

/**
 * Recording picker (spec 001 section 2): a searchable dropdown of the user's recordings with title,
 * date, the file name unless it is a generated id, and the failed / processing / uploading icons.
 */
export function RecordingPicker({ currentId }: { currentId: string }) {
  const recordings = useRecordings();
  const navigate = useNavigate();
  const items = [...(recordings.data ?? [])].sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
  return (
    <SearchPicker
      buttonLabel="Switch recording"
      buttonIcon={<ArrowLeftRight size={14} aria-hidden />}
      searchLabel="Search recordings"
      listLabel="Recordings"
      items={items}
      itemKey={(r) => r.recordingId}
      matches={(r, q) => r.title.toLowerCase().includes(q) || (!isGeneratedFileName(r.fileName) && r.fileName!.toLowerCase().includes(q))}
      selectedKey={currentId}
      loading={recordings.isPending}
      emptyText="No recordings match."
      onChoose={(r) => {
        if (r.recordingId !== currentId) void navigate(`/evaluate/${r.recordingId}`);
      }}
      renderOption={(r) => (
        <>
          <span className="picker__title">{r.title}</span>
          <span className="picker__meta">
            {formatDate(r.createdDate)}
            {!isGeneratedFileName(r.fileName) && <span className="picker__file"> · {r.fileName}</span>}
          </span>
          <StateIcon state={listState(r)} />
        </>
      )}
    />
  );
}
