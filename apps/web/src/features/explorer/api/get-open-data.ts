import { useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { EXPLORER_STALE_MS } from './get-explorer-summary';

export interface OpenDataFile {
  /** `cells.csv`, `cells.geojson` or `countries.csv`. */
  name: string;
  /** The file's path under the API's base: `/open-data/2026-10/cells.csv`. */
  path: string;
  bytes: number;
  sha256: string;
}

/** GET /open-data: every published period with its files, the licence and a citation line. */
export interface OpenDataListing {
  license: string;
  citation: string;
  periods: { period: string; files: OpenDataFile[] }[];
}

export async function getOpenData(signal?: AbortSignal): Promise<OpenDataListing> {
  return readData(await apiClient.get<OpenDataListing>('/open-data', { signal }));
}

export function useOpenData() {
  return useQuery({
    queryKey: explorerKeys.openData(),
    queryFn: ({ signal }) => getOpenData(signal),
    staleTime: EXPLORER_STALE_MS,
  });
}
