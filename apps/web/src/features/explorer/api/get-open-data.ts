import type { OpenDataIndex } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { EXPLORER_STALE_MS } from './get-explorer-summary';

/** GET /open-data: every published period with its files, the licence and a citation line. */
export async function getOpenData(signal?: AbortSignal): Promise<OpenDataIndex> {
  return readData(await apiClient.get<OpenDataIndex>('/open-data', { signal }));
}

export function useOpenData() {
  return useQuery({
    queryKey: explorerKeys.openData(),
    queryFn: ({ signal }) => getOpenData(signal),
    staleTime: EXPLORER_STALE_MS,
  });
}
