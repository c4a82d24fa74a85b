import {
  FETCH_SUBJECTS,
  GENERIC_TOASTS,
  TABLE_PAGE_SIZE,
  type NetworkStatRow,
} from '@netpulse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pointsKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';

/** GET /points?pageNumber&pageSize=5: one page of the network statistics table. */
export async function getNetworkStatistics(
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<NetworkStatRow>> {
  const envelope = await apiClient.get<NetworkStatRow[]>('/api/points', {
    query: { pageNumber, pageSize: TABLE_PAGE_SIZE },
    signal,
  });
  return readPage(envelope);
}

/** The previous page stays as placeholder data so the pagination keeps its place while loading. */
export function useNetworkStatistics({ page, enabled }: { page: number; enabled: boolean }) {
  return useQuery({
    queryKey: pointsKeys.list(page),
    queryFn: ({ signal }) => getNetworkStatistics(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorToast: GENERIC_TOASTS.fetchFailed(FETCH_SUBJECTS.dashboardStatistic) },
  });
}
