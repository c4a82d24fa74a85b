import { FETCH_FAILED, TABLE_PAGE_SIZE, type Cycle, type TransactionRow } from '@netpulse/shared';
import { transactionKeys } from '@/api/query-keys';
import { usePagedQuery } from '@/hooks/use-paged-query';
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

export function useTransactions(filter: TransactionsFilter) {
  return usePagedQuery({
    queryKey: transactionKeys.page(filter),
    fetchPage: (signal) => getTransactions(filter, signal),
    errorToast: FETCH_FAILED.transactions,
  });
}
