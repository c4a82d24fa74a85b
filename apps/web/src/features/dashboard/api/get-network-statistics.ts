import { FETCH_FAILED, TABLE_PAGE_SIZE, type NetworkStatRow } from '@netpulse/shared';
import { pointsKeys } from '@/api/query-keys';
import { usePagedQuery } from '@/hooks/use-paged-query';
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

export function useNetworkStatistics({ page, enabled }: { page: number; enabled: boolean }) {
  return usePagedQuery({
    queryKey: pointsKeys.list(page),
    fetchPage: (signal) => getNetworkStatistics(page, signal),
    enabled,
    errorToast: FETCH_FAILED.dashboardStatistic,
  });
}
