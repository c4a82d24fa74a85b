import type { ExplorerCountries, ExplorerCountry } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { EXPLORER_STALE_MS } from './get-explorer-summary';

/** GET /explorer/countries: the period's listed countries (ISO 3166-1 alpha-2). */
export async function getExplorerCountries(
  period: string,
  signal?: AbortSignal,
): Promise<ExplorerCountry[]> {
  const answer = readData(
    await apiClient.get<ExplorerCountries>('/explorer/countries', { query: { period }, signal }),
  );
  return answer.rows;
}

export function useExplorerCountries(period: string) {
  return useQuery({
    queryKey: explorerKeys.countries(period),
    queryFn: ({ signal }) => getExplorerCountries(period, signal),
    staleTime: EXPLORER_STALE_MS,
  });
}
