import {
  FETCH_SUBJECTS,
  GENERIC_TOASTS,
  TABLE_PAGE_SIZE,
  type Cycle,
  type TransactionRow,
} from '@netpulse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { transactionKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';

export interface TransactionsFilter {
  pageNumber: number;
  /** YYYY-MM-DD or '' for no bound. */
  startDate: string;
  endDate: string;
  /** A cycle, or '' for all campaigns. */
  season: Cycle | '';
}

/** GET /transactions: one page (5 rows) of the ledger, filtered by dates and cycle. */
export async function getTransactions(
  filter: TransactionsFilter,
  signal?: AbortSignal,
): Promise<Page<TransactionRow>> {
  const envelope = await apiClient.get<TransactionRow[]>('/api/transactions', {
    query: {
      startDate: filter.startDate,
      endDate: filter.endDate,
      pageNumber: filter.pageNumber,
      pageSize: TABLE_PAGE_SIZE,
      season: filter.season,
    },
    signal,
  });
  return readPage(envelope);
}

/** The previous page stays as placeholder data so the pagination keeps its place while loading. */
export function useTransactions(filter: TransactionsFilter) {
  return useQuery({
    queryKey: transactionKeys.page(filter),
    queryFn: ({ signal }) => getTransactions(filter, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: GENERIC_TOASTS.fetchFailed(FETCH_SUBJECTS.transactions) },
  });
}
