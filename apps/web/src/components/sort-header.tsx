import { useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import './sort-header.css';

export type TSortDirection = 'ascending' | 'descending';
export interface TSort<K extends string> {
  key: K;
  direction: TSortDirection;
}

/**
 * Sort state for a table: clicking the sorted column flips its direction, another column starts
 * in that column's first direction (numbers and dates descending, text ascending).
 */
export function useSort<K extends string>(initial: TSort<K>, firstDirection: (key: K) => TSortDirection) {
  const [sort, setSort] = useState<TSort<K>>(initial);
  const toggle = (key: K) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: firstDirection(key) },
    );
  /** aria-sort for a column header: only the sorted column carries it. */
  const ariaSort = (key: K) => (sort.key === key ? sort.direction : undefined);
  return { sort, toggle, ariaSort };
}

/** The header button of a sortable column; the state is announced through the th's aria-sort. */
export function SortButton({ children, direction, onClick }: { children: ReactNode; direction?: TSortDirection; onClick: () => void }) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <button type="button" className={['sort-button', direction && 'sort-button--active'].filter(Boolean).join(' ')} onClick={onClick}>
      {children}
      <Icon size={13} aria-hidden className="sort-button__icon" />
    </button>
  );
}

/** Compares two values for a sort: numbers and strings (case-insensitive, numeric-aware). */
export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}
