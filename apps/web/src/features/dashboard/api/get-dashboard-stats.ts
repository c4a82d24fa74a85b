import { FETCH_FAILED, type DashboardStats } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /dashboard-stats: the cycle, the earnings figures and the referral links. */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const envelope = await apiClient.get<DashboardStats>('/api/dashboard-stats', { signal });
  return readData(envelope);
}

export function useDashboardStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => getDashboardStats(signal),
    enabled,
    meta: { errorToast: FETCH_FAILED.dashboardStats },
  });
}
