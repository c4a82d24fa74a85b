import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_META, TABLE_PAGE_SIZE } from '../constants.ts';
import { paginationWindow, totalPages, type PageItem } from './pagination.ts';

const S = 'ellipsis-start';
const E = 'ellipsis-end';

const numbers = (items: PageItem[]) => items.filter((i): i is number => typeof i === 'number');

describe('paginationWindow', () => {
  // Spec: the first page, the last page, the current page and its neighbours (±1);
  // an ellipsis when the current page is more than 3 (before) or less than total
  // minus 2 (after).
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [2, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 4, [1, 2, E, 4]],
    [2, 4, [1, 2, 3, 4]],
    [3, 4, [1, 2, 3, 4]],
    [4, 4, [1, S, 3, 4]],
    [1, 5, [1, 2, E, 5]],
    [2, 5, [1, 2, 3, E, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [4, 5, [1, S, 3, 4, 5]],
    [5, 5, [1, S, 4, 5]],
    [1, 10, [1, 2, E, 10]],
    [2, 10, [1, 2, 3, E, 10]],
    [3, 10, [1, 2, 3, 4, E, 10]],
    [4, 10, [1, S, 3, 4, 5, E, 10]],
    [5, 10, [1, S, 4, 5, 6, E, 10]],
    [6, 10, [1, S, 5, 6, 7, E, 10]],
    [7, 10, [1, S, 6, 7, 8, E, 10]],
    [8, 10, [1, S, 7, 8, 9, 10]],
    [9, 10, [1, S, 8, 9, 10]],
    [10, 10, [1, S, 9, 10]],
    [50, 100, [1, S, 49, 50, 51, E, 100]],
  ] satisfies [number, number, PageItem[]][])('page %i of %i: %j', (current, total, items) => {
    expect(paginationWindow(current, total)).toEqual(items);
  });

  it.each([
    [0, 5, [1, 2, E, 5]],
    [-3, 5, [1, 2, E, 5]],
    [6, 5, [1, S, 4, 5]],
    [99, 10, [1, S, 9, 10]],
    [1, 0, [1]],
    [3, 0, [1]],
    [2, -1, [1]],
  ] satisfies [number, number, PageItem[]][])(
    'clamps out-of-range input: page %i of %i is %j',
    (current, total, items) => {
      expect(paginationWindow(current, total)).toEqual(items);
    },
  );

  const window = fc
    .integer({ min: 1, max: 200 })
    .chain((total) => fc.tuple(fc.integer({ min: 1, max: total }), fc.constant(total)));

  it('always holds the first, last and current pages and the current page’s neighbours', () => {
    fc.assert(
      fc.property(window, ([current, total]) => {
        const pages = numbers(paginationWindow(current, total));
        expect(pages).toContain(1);
        expect(pages).toContain(total);
        expect(pages).toContain(current);
        if (current > 1) expect(pages).toContain(current - 1);
        if (current < total) expect(pages).toContain(current + 1);
        // And no other page.
        for (const p of pages) {
          expect(p === 1 || p === total || Math.abs(p - current) <= 1).toBe(true);
        }
      }),
    );
  });

  it('is strictly increasing apart from ellipses, with at most 7 items', () => {
    fc.assert(
      fc.property(window, ([current, total]) => {
        const items = paginationWindow(current, total);
        expect(items.length).toBeLessThanOrEqual(7);
        const pages = numbers(items);
        for (let i = 1; i < pages.length; i += 1) {
          expect(pages[i]).toBeGreaterThan(pages[i - 1] ?? Infinity);
        }
      }),
    );
  });

  it('puts an ellipsis exactly where pages are skipped, as the spec’s thresholds say', () => {
    fc.assert(
      fc.property(window, ([current, total]) => {
        const items = paginationWindow(current, total);
        expect(items.filter((i) => i === S)).toHaveLength(current > 3 ? 1 : 0);
        expect(items.filter((i) => i === E)).toHaveLength(current < total - 2 ? 1 : 0);
        items.forEach((item, i) => {
          const before = items[i - 1];
          const after = items[i + 1];
          if (typeof item === 'number') {
            // Adjacent numbers are consecutive pages.
            if (typeof after === 'number') expect(after).toBe(item + 1);
          } else {
            // An ellipsis sits between two numbers and stands for at least one page.
            expect(typeof before).toBe('number');
            expect(typeof after).toBe('number');
            expect((after as number) - (before as number)).toBeGreaterThanOrEqual(2);
            expect(item).toBe((before as number) === 1 && i === 1 ? S : E);
          }
        });
      }),
    );
  });

  it('is symmetric: page p of n mirrors page n + 1 - p', () => {
    fc.assert(
      fc.property(window, ([current, total]) => {
        const mirrored = paginationWindow(total + 1 - current, total)
          .map((item): PageItem => {
            if (item === S) return E;
            if (item === E) return S;
            return total + 1 - item;
          })
          .reverse();
        expect(mirrored).toEqual(paginationWindow(current, total));
      }),
    );
  });

  it('treats any out-of-range page as the nearest end', () => {
    fc.assert(
      fc.property(window, fc.integer({ min: 1, max: 1000 }), ([, total], beyond) => {
        expect(paginationWindow(1 - beyond, total)).toEqual(paginationWindow(1, total));
        expect(paginationWindow(total + beyond, total)).toEqual(paginationWindow(total, total));
      }),
    );
  });
});

describe('totalPages', () => {
  it.each([
    [0, 5, 1],
    [1, 5, 1],
    [4, 5, 1],
    [5, 5, 1],
    [6, 5, 2],
    [10, 5, 2],
    [11, 5, 3],
    [0, 10, 1],
    [100, 10, 10],
    [101, 10, 11],
    [1, 1, 1],
    [7, 1, 7],
  ])('%i results at %i per page: %i pages', (results, size, pages) => {
    expect(totalPages(results, size)).toBe(pages);
  });

  it('agrees with the default meta and the tables’ page size', () => {
    expect(totalPages(DEFAULT_PAGE_META.total_results, DEFAULT_PAGE_META.size)).toBe(
      DEFAULT_PAGE_META.total_pages,
    );
    expect(TABLE_PAGE_SIZE).toBe(5);
    expect(totalPages(23, TABLE_PAGE_SIZE)).toBe(5);
  });

  it('is the fewest pages that hold every result, and at least 1', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 100 }), (results, size) => {
        const pages = totalPages(results, size);
        expect(Number.isInteger(pages)).toBe(true);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages * size).toBeGreaterThanOrEqual(results);
        if (results > 0) expect((pages - 1) * size).toBeLessThan(results);
      }),
    );
  });
});
