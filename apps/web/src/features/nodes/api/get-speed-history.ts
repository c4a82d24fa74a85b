import { FETCH_FAILED, type SpeedHistory } from '@netpulse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pointsKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /points/history?nodeId: the current cycle's tests, oldest first; all nodes without one. */
export async function getSpeedHistory(
  nodeId: string | null,
  signal?: AbortSignal,
): Promise<SpeedHistory> {
  const envelope = await apiClient.get<SpeedHistory>('/api/points/history', {
    query: { nodeId },
    signal,
  });
  return readData(envelope);
}

export function useSpeedHistory({ nodeId }: { nodeId: string | null }) {
  return useQuery({
    queryKey: pointsKeys.history(nodeId),
    queryFn: ({ signal }) => getSpeedHistory(nodeId, signal),
    // The chart keeps the last node's lines while another node's load.
    placeholderData: keepPreviousData,
    meta: { errorToast: FETCH_FAILED.speedHistory },
  });
}
