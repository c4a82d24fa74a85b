import { totalPages, type PageMeta, type PageQuery } from '@netpulse/shared';
import { okAnswer } from './replies.ts';

/** The `meta` of a list answer (docs/ARCHITECTURE.md section 4) for the page asked for. */
export function pageMeta(page: PageQuery, totalResults: number): PageMeta {
  return {
    current: page.pageNumber,
    total_pages: totalPages(totalResults, page.pageSize),
    total_results: totalResults,
    size: page.pageSize,
  };
}

/** A list answer: the page's rows and its `meta`. */
export function pageAnswer<Row>(page: PageQuery, found: { rows: Row[]; total: number }) {
  return { ...okAnswer(found.rows), meta: pageMeta(page, found.total) };
}
