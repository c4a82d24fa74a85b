import { useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readRows } from '@/lib/api-data';
import type { PlaceFigures } from './explorer-figures';
import { EXPLORER_STALE_MS } from './get-explorer-summary';

/** A listed country (ISO 3166-1 alpha-2): at least the minimum of accounts tested in it. */
export interface ExplorerCountry extends PlaceFigures {
  country: string;
}

export async function getExplorerCountries(
  period: string,
  signal?: AbortSignal,
): Promise<ExplorerCountry[]> {
  return readRows(
    await apiClient.get<ExplorerCountry[]>('/explorer/countries', { query: { period }, signal }),
  );
}

export function useExplorerCountries(period: string) {
  return useQuery({
    queryKey: explorerKeys.countries(period),
    queryFn: ({ signal }) => getExplorerCountries(period, signal),
    staleTime: EXPLORER_STALE_MS,
  });
}
