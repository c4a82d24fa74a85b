import { FETCH_FAILED, type EarningRow } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { earningsKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readRows } from '@/lib/api-data';

/** GET /earnings/seasons: one row per cycle the user has been part of. */
export async function getEarnings(signal?: AbortSignal): Promise<EarningRow[]> {
  const envelope = await apiClient.get<EarningRow[]>('/api/earnings/seasons', { signal });
  return readRows(envelope);
}

export function useEarnings() {
  return useQuery({
    queryKey: earningsKeys.all,
    queryFn: ({ signal }) => getEarnings(signal),
    meta: { errorToast: FETCH_FAILED.earnings },
  });
}
