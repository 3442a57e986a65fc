import { describe, expect, it } from 'vitest';
import { canCompare, toggleSelected } from './compare-selection';

describe('Compare selection', () => {
  it('compares two to four recordings only', () => {
    expect([0, 1, 2, 3, 4, 5].map(canCompare)).toEqual([false, false, true, true, true, false]);
  });
  it('adds and removes in the order picked, never twice', () => {
    expect(toggleSelected(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleSelected(['a', 'b'], 'a', true)).toEqual(['a', 'b']);
    expect(toggleSelected(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
