import {
  MY_LIB_SORT_KEYS,
  compareLibrary,
  libraryMatchesFilter,
  type TLibraryRecording,
  type TMyLibFilter,
  type TMyLibSortKey,
  type TPreferences,
} from '@rostrum/contract';

// My Library's view rules on top of the contract's filter and sort (002 section 2.4).

export type TLibrarySort = { key: TMyLibSortKey; dir: 'u' | 'd' };

/** The rows a filter and sort show. */
export function visibleLibrary(rows: readonly TLibraryRecording[], filter: TMyLibFilter, sort: TLibrarySort): TLibraryRecording[] {
  return rows.filter((r) => libraryMatchesFilter(r, filter)).sort((a, b) => compareLibrary(a, b, sort));
}

const TEXT_KEYS: ReadonlySet<TMyLibSortKey> = new Set(['title', 'group']);

/** A header click: the sorted column flips; another starts ascending for text, descending for numbers and dates. */
export function nextLibrarySort(current: TLibrarySort, key: TMyLibSortKey): TLibrarySort {
  if (current.key === key) return { key, dir: current.dir === 'u' ? 'd' : 'u' };
  return { key, dir: TEXT_KEYS.has(key) ? 'u' : 'd' };
}

export const LIBRARY_SORT_KEYS = MY_LIB_SORT_KEYS;

/**
 * The open rows, remembered in tableRowIndices as recording ids (the preference also allows the
 * old row numbers, which name no row once the list is re-sorted, so they are ignored).
 */
export function openRowIds(prefs: TPreferences): Set<string> {
  const stored = prefs.tableRowIndices ?? [];
  return new Set(stored.filter((v): v is string => typeof v === 'string'));
}

/** The ids to store after opening or closing one row: only rows that still exist, so deleted ones drop out. */
export function toggledRowIds(open: ReadonlySet<string>, recordingId: string, existing: readonly { recordingId: string }[]): string[] {
  const next = new Set(open);
  if (!next.delete(recordingId)) next.add(recordingId);
  const ids = new Set(existing.map((r) => r.recordingId));
  return [...next].filter((id) => ids.has(id));
}
