import type { ExplorerCell, ExplorerCells } from '@netpulse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { EXPLORER_STALE_MS } from './get-explorer-summary';

/** GET /explorer/cells: the period's published cells at one resolution, with their outlines. */
export async function getExplorerCells(
  period: string,
  resolution: number,
  signal?: AbortSignal,
): Promise<ExplorerCell[]> {
  const answer = readData(
    await apiClient.get<ExplorerCells>('/explorer/cells', {
      query: { period, resolution },
      signal,
    }),
  );
  return answer.rows;
}

/** A zoom that crosses to another resolution keeps the last cells drawn until the new come. */
export function useExplorerCells(period: string, resolution: number) {
  return useQuery({
    queryKey: explorerKeys.cells(period, resolution),
    queryFn: ({ signal }) => getExplorerCells(period, resolution, signal),
    staleTime: EXPLORER_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
