import { FETCH_FAILED, type SpeedtestReceipt } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { pointsKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /points/:testId/receipt: one test's points factor by factor. */
export async function getSpeedtestReceipt(
  testId: string,
  signal?: AbortSignal,
): Promise<SpeedtestReceipt> {
  const envelope = await apiClient.get<SpeedtestReceipt>(
    `/api/points/${encodeURIComponent(testId)}/receipt`,
    { signal },
  );
  return readData(envelope);
}

/** A credited test's receipt does not change, so it is fetched once per test. */
export function useSpeedtestReceipt(testId: string) {
  return useQuery({
    queryKey: pointsKeys.receipt(testId),
    queryFn: ({ signal }) => getSpeedtestReceipt(testId, signal),
    staleTime: Infinity,
    meta: { errorToast: FETCH_FAILED.speedtestReceipt },
  });
}
