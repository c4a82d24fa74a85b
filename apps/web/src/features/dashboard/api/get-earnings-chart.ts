import { FETCH_FAILED, type EarningsChart } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /dashboard/seasons/chart: the labels and the four earning series. */
export async function getEarningsChart(signal?: AbortSignal): Promise<EarningsChart> {
  const envelope = await apiClient.get<EarningsChart>('/api/dashboard/seasons/chart', { signal });
  return readData(envelope);
}

/** Spec section 4: the chart loads on click, so the query waits for `enabled`. */
export function useEarningsChart({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: dashboardKeys.earningsChart(),
    queryFn: ({ signal }) => getEarningsChart(signal),
    enabled,
    meta: { errorToast: FETCH_FAILED.dashboardEarningChart },
  });
}
