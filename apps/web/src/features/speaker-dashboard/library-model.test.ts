import { describe, expect, it } from 'vitest';
import { nextLibrarySort, openRowIds, toggledRowIds } from './library-model';

const A = '0b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const B = '1b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const GONE = '2b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('My Library open rows (tableRowIndices)', () => {
  it('reads recording ids and ignores stored row numbers', () => {
    expect([...openRowIds({ tableRowIndices: [3, A, 0] })]).toEqual([A]);
    expect(openRowIds({}).size).toBe(0);
  });

  it('toggles one row and drops ids of recordings that no longer exist', () => {
    const existing = [{ recordingId: A }, { recordingId: B }];
    expect(toggledRowIds(new Set([A, GONE]), B, existing)).toEqual([A, B]);
    expect(toggledRowIds(new Set([A, B]), A, existing)).toEqual([B]);
  });
});

describe('My Library header clicks', () => {
  it('flip the sorted column; a new text column starts ascending, a number or date descending', () => {
    expect(nextLibrarySort({ key: 'uploaded', dir: 'd' }, 'uploaded')).toEqual({ key: 'uploaded', dir: 'u' });
    expect(nextLibrarySort({ key: 'uploaded', dir: 'd' }, 'title')).toEqual({ key: 'title', dir: 'u' });
    expect(nextLibrarySort({ key: 'title', dir: 'u' }, 'group')).toEqual({ key: 'group', dir: 'u' });
    expect(nextLibrarySort({ key: 'title', dir: 'u' }, 'coachRating')).toEqual({ key: 'coachRating', dir: 'd' });
  });
});
