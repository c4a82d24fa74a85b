import { describe, expect, it } from 'vitest';
import { pageScan } from './page-meta.ts';

/** The rows a scan reads from a newest-first list of `total` rows (0 = newest), in page order. */
function rowsOf(total: number, pageNumber: number, pageSize: number): number[] {
  const scan = pageScan({ pageNumber, pageSize }, total);
  const newestToOldest = Array.from({ length: total }, (_, index) => index);
  const ordered = scan.fromOldest ? newestToOldest.reverse() : newestToOldest;
  const page = ordered.slice(scan.offset, scan.offset + scan.limit);
  return scan.fromOldest ? page.reverse() : page;
}

describe('pageScan', () => {
  it('reads every page as an OFFSET would, whichever end it starts from', () => {
    for (const total of [0, 1, 5, 10, 11, 37]) {
      for (const pageSize of [1, 2, 3, 10]) {
        for (let pageNumber = 1; pageNumber <= Math.ceil(total / pageSize) + 1; pageNumber++) {
          const offset = (pageNumber - 1) * pageSize;
          const expected = Array.from({ length: total }, (_, index) => index).slice(
            offset,
            offset + pageSize,
          );
          expect(rowsOf(total, pageNumber, pageSize)).toEqual(expected);
        }
      }
    }
  });

  it('never walks past more than half of the rows', () => {
    const total = 1_000_000;
    expect(pageScan({ pageNumber: 1, pageSize: 10 }, total)).toEqual({
      limit: 10,
      offset: 0,
      fromOldest: false,
    });
    expect(pageScan({ pageNumber: 100_000, pageSize: 10 }, total)).toEqual({
      limit: 10,
      offset: 0,
      fromOldest: true,
    });
    expect(pageScan({ pageNumber: 50_001, pageSize: 10 }, total).offset).toBeLessThanOrEqual(
      total / 2,
    );
  });
});
