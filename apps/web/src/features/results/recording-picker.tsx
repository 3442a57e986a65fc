import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Search } from 'lucide-react';
import { api, queryKeys } from '../../api/rostrum-api';
import { formatDate } from '../../components/date-format';
import { isGeneratedFileName, listState } from './recording-status';
import { StateIcon } from './state-icon';

/**
 * Recording picker (spec 001 section 2): a searchable dropdown of the user's recordings with title,
 * date, the file name unless it is a generated id, and the failed / processing / uploading icons.
 */
export function RecordingPicker({ currentId }: { currentId: string }) {
  const recordings = useQuery({ queryKey: queryKeys.recordings, queryFn: api.getRecordings });
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const q = query.trim().toLowerCase();
  const items = [...(recordings.data ?? [])]
    .sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate))
    .filter((r) => !q || r.title.toLowerCase().includes(q) || (!isGeneratedFileName(r.fileName) && r.fileName!.toLowerCase().includes(q)));

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  useEffect(() => setActive(0), [query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    buttonRef.current?.focus();
  };
  const choose = (recordingId: string) => {
    setOpen(false);
    setQuery('');
    if (recordingId !== currentId) void navigate(`/evaluate/${recordingId}`);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) choose(item.recordingId);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  return (
    <div className="picker" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--secondary btn--sm"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Switch recording <ChevronDown size={16} aria-hidden />
      </button>
      {open && (
        <div className="picker__panel" id={`${id}-panel`}>
          <div className="picker__search">
            <Search size={16} aria-hidden />
            <input
              ref={inputRef}
              type="search"
              className="picker__input"
              placeholder="Search recordings"
              aria-label="Search recordings"
              role="combobox"
              aria-expanded
              aria-controls={`${id}-list`}
              aria-activedescendant={items[active] ? `${id}-opt-${items[active].recordingId}` : undefined}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKeyDown}
            />
          </div>
          <ul className="picker__list" role="listbox" id={`${id}-list`} aria-label="Recordings">
            {recordings.isPending && <li className="picker__empty">Loading...</li>}
            {!recordings.isPending && items.length === 0 && <li className="picker__empty">No recordings match.</li>}
            {items.map((r, i) => (
              <li
                key={r.recordingId}
                id={`${id}-opt-${r.recordingId}`}
                role="option"
                aria-selected={r.recordingId === currentId}
                className={['picker__option', i === active && 'picker__option--active'].filter(Boolean).join(' ')}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(r.recordingId)}
              >
                <span className="picker__title">{r.title}</span>
                <span className="picker__meta">
                  {formatDate(r.createdDate)}
                  {!isGeneratedFileName(r.fileName) && <span className="picker__file"> · {r.fileName}</span>}
                </span>
                <StateIcon state={listState(r)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
