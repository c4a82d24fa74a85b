import type { ExplorerSummary } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** Figures change once a day: a page open for an hour need not ask again. */
export const EXPLORER_STALE_MS = 10 * 60_000;

/** GET /explorer/summary: the network's figures for a period (null until it is built). */
export async function getExplorerSummary(
  period: string,
  signal?: AbortSignal,
): Promise<ExplorerSummary> {
  return readData(
    await apiClient.get<ExplorerSummary>('/explorer/summary', { query: { period }, signal }),
  );
}

export function useExplorerSummary(period: string) {
  return useQuery({
    queryKey: explorerKeys.summary(period),
    queryFn: ({ signal }) => getExplorerSummary(period, signal),
    staleTime: EXPLORER_STALE_MS,
  });
}
