import type { CompletedSpeedtest, CompleteSpeedtestRequest } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** POST /points { testId, latitude?, longitude? }: completes a measured test and credits it. */
export async function completeSpeedtest(
  body: CompleteSpeedtestRequest,
): Promise<CompletedSpeedtest> {
  return readData(await apiClient.post<CompletedSpeedtest>('/api/points', body));
}
