import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readRows } from '@/lib/api-data';
import type { LngLat } from '@/features/explorer/map/natural-earth-projection';
import type { PlaceFigures } from './explorer-figures';
import { EXPLORER_STALE_MS } from './get-explorer-summary';

/** A published H3 cell: at least the minimum of accounts tested in it. */
export interface ExplorerCell extends PlaceFigures {
  cell: string;
  /** The hexagon's corners, [longitude, latitude], counter-clockwise. */
  boundary: LngLat[];
}

export async function getExplorerCells(
  period: string,
  resolution: number,
  signal?: AbortSignal,
): Promise<ExplorerCell[]> {
  return readRows(
    await apiClient.get<ExplorerCell[]>('/explorer/cells', {
      query: { period, resolution },
      signal,
    }),
  );
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
