export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Spec section 2: the first page, the last page, the current page and its
 * neighbours (±1), with an ellipsis before when the current page is more than 3
 * and after when it is less than the total minus 2.
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  const total = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), total);
  const pages = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const items: PageItem[] = [];
  const sorted = [...pages].sort((a, b) => a - b);
  for (const p of sorted) {
    if (p === total && page < total - 2) items.push('ellipsis-end');
    items.push(p);
    if (p === 1 && page > 3) items.push('ellipsis-start');
  }
  return items;
}

/** Total pages for a result count (at least 1, as the default meta says). */
export function totalPages(totalResults: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalResults / pageSize));
}
