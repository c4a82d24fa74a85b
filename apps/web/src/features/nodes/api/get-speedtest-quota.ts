import { FETCH_FAILED, type SpeedtestQuota } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { speedtestKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /speedtests/quota: the daily limit, today's count and when the next test opens. */
export async function getSpeedtestQuota(signal?: AbortSignal): Promise<SpeedtestQuota> {
  return readData(await apiClient.get<SpeedtestQuota>('/api/speedtests/quota', { signal }));
}

export function useSpeedtestQuota() {
  return useQuery({
    queryKey: speedtestKeys.quota(),
    queryFn: ({ signal }) => getSpeedtestQuota(signal),
    meta: { errorToast: FETCH_FAILED.speedtestQuota },
  });
}
