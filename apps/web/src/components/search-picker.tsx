import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown, Search } from 'lucide-react';
import './button.css';
import './search-picker.css';

export interface SearchPickerProps<T> {
  buttonLabel: string;
  /** Shown before the label; where a small screen folds the label away (`.btn__text`), the icon stays. */
  buttonIcon?: ReactNode;
  /** Names the search box and the list. */
  searchLabel: string;
  listLabel: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  matches: (item: T, query: string) => boolean;
  renderOption: (item: T) => ReactNode;
  onChoose: (item: T) => void;
  selectedKey?: string;
  loading?: boolean;
  emptyText: string;
}

/**
 * A button that opens a searchable list (a combobox with a listbox): arrow keys move, Enter
 * chooses, Escape closes and returns focus to the button; a click outside closes it.
 */
export function SearchPicker<T>(p: SearchPickerProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const q = query.trim().toLowerCase();
  const items = p.items.filter((item) => !q || p.matches(item, q));

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: query is the trigger: a new search starts at the first match.
  useEffect(() => setActive(0), [query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    buttonRef.current?.focus();
  };
  const choose = (item: T) => {
    setOpen(false);
    setQuery('');
    p.onChoose(item);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) choose(item);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  const optionId = (item: T) => `${id}-opt-${p.itemKey(item)}`;

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
        {p.buttonIcon}
        <span className="btn__text">{p.buttonLabel}</span> <ChevronDown size={16} aria-hidden />
      </button>
      {open && (
        <div className="picker__panel" id={`${id}-panel`}>
          <div className="picker__search">
            <Search size={16} aria-hidden />
            <input
              ref={inputRef}
              type="search"
              className="picker__input"
              placeholder={p.searchLabel}
              aria-label={p.searchLabel}
              role="combobox"
              aria-expanded
              aria-controls={`${id}-list`}
              aria-activedescendant={items[active] ? optionId(items[active]) : undefined}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKeyDown}
            />
          </div>
          <div className="picker__list" role="listbox" id={`${id}-list`} aria-label={p.listLabel}>
            {p.loading && <div className="picker__empty">Loading...</div>}
            {!p.loading && items.length === 0 && <div className="picker__empty">{p.emptyText}</div>}
            {items.map((item, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: focus stays in the search box (aria-activedescendant), whose arrow keys and Enter choose an option.
              <div
                key={p.itemKey(item)}
                id={optionId(item)}
                role="option"
                aria-selected={p.itemKey(item) === p.selectedKey}
                className={['picker__option', i === active && 'picker__option--active'].filter(Boolean).join(' ')}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(item)}
              >
                {p.renderOption(item)}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
