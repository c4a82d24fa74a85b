import { describe, expect, it } from 'vitest';
import { allSelected, selectedOf, toggleAll, toggleId } from './selection';

describe('bulk selection', () => {
  it('toggles one id without changing the set it was given', () => {
    const before = new Set([1]);
    expect([...toggleId(before, 2)]).toEqual([1, 2]);
    expect([...toggleId(before, 1)]).toEqual([]);
    expect([...before]).toEqual([1]);
  });

  it('selects all, then none, leaving ids of other lists alone', () => {
    const all = toggleAll(new Set([9, 1]), [1, 2, 3]);
    expect(allSelected(all, [1, 2, 3])).toBe(true);
    expect([...toggleAll(all, [1, 2, 3])]).toEqual([9]);
  });

  it('is not "all selected" for an empty list', () => {
    expect(allSelected(new Set([1]), [])).toBe(false);
  });

  it('keeps only the chosen ids still listed, in list order', () => {
    expect(selectedOf(new Set([3, 1, 7]), [1, 2, 3])).toEqual([1, 3]);
  });
});
