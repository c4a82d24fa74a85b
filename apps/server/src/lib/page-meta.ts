import { SERVER_MESSAGES, totalPages, type PageMeta, type PageQuery } from '@netpulse/shared';

/** The `meta` of a list answer (ARCHITECTURE.md section 4) for the page asked for. */
export function pageMeta(page: PageQuery, totalResults: number): PageMeta {
  return {
    current: page.pageNumber,
    total_pages: totalPages(totalResults, page.pageSize),
    total_results: totalResults,
    size: page.pageSize,
  };
}

/** LIMIT and OFFSET of a page. */
export function pageWindow(page: PageQuery): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: (page.pageNumber - 1) * page.pageSize };
}

/**
 * How to read one page of `total` rows listed newest first. An OFFSET walks every
 * row before the page, so a page in the older half is read from the oldest end
 * instead (ascending; the batched page reads put the rows back newest first): a page then costs at most
 * min(offset, total - offset) index entries, and the last page costs what the
 * first does. `limit` 0 means the page is past the end and needs no query.
 */
export interface PageScan {
  limit: number;
  offset: number;
  fromOldest: boolean;
}

export function pageScan(page: PageQuery, total: number): PageScan {
  const { limit, offset } = pageWindow(page);
  if (offset >= total) return { limit: 0, offset: 0, fromOldest: false };
  const olderThanPageStart = total - offset;
  if (offset <= olderThanPageStart - limit) return { limit, offset, fromOldest: false };
  const rows = Math.min(limit, olderThanPageStart);
  return { limit: rows, offset: olderThanPageStart - rows, fromOldest: true };
}

/** A list answer: the page's rows and its `meta`. */
export function pageAnswer<Row>(page: PageQuery, found: { rows: Row[]; total: number }) {
  return {
    success: true,
    message: SERVER_MESSAGES.ok,
    data: found.rows,
    meta: pageMeta(page, found.total),
  };
}
