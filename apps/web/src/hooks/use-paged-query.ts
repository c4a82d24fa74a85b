import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@/lib/api-data';

interface PagedQueryOptions<Row> {
  /** The page's key from its resource's factory (api/query-keys.ts), with the page and filter in it. */
  queryKey: QueryKey;
  fetchPage: (signal: AbortSignal) => Promise<Page<Row>>;
  enabled?: boolean;
  /** The toast a failure shows (spec section 8); the console's lists show none. */
  errorToast?: string;
}

/**
 * One page of a paged list, as every list screen reads it: the previous page stays as
 * placeholder data while the next loads, so the pagination keeps its place. `PagedTable`
 * draws the answer.
 */
export function usePagedQuery<Row>({
  queryKey,
  fetchPage,
  enabled,
  errorToast,
}: PagedQueryOptions<Row>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: errorToast === undefined ? undefined : { errorToast },
  });
}
