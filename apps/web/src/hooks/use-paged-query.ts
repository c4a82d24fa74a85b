import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@/lib/api-data';

interface PagedQueryOptions<ListPage extends Page<unknown>> {
  /** The page's key from its resource's factory (api/query-keys.ts), with the page and filter in it. */
  queryKey: QueryKey;
  /** The page; a list whose answer says more beside its rows (an unread count) returns that too. */
  fetchPage: (signal: AbortSignal) => Promise<ListPage>;
  enabled?: boolean;
  /** The toast a failure shows (spec section 8); the console's lists show none. */
  errorToast?: string;
}

/**
 * One page of a paged list, as every list screen reads it: the previous page stays as
 * placeholder data while the next loads, so the pagination keeps its place. `PagedTable`
 * draws the answer.
 */
export function usePagedQuery<ListPage extends Page<unknown>>({
  queryKey,
  fetchPage,
  enabled,
  errorToast,
}: PagedQueryOptions<ListPage>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: errorToast === undefined ? undefined : { errorToast },
  });
}
