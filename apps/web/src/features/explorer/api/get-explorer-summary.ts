import { useQuery } from '@tanstack/react-query';
import { explorerKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { PlaceFigures } from './explorer-figures';

/** The network's figures for a period: always shown, whatever the size of the network. */
export interface ExplorerSummary extends PlaceFigures {
  period: string;
  /** When the period was last rebuilt; null when it never was (nothing to show yet). */
  built_at: string | null;
  /** The fewest accounts a published place describes (`EXPLORER_MIN_ACCOUNTS`). */
  min_accounts: number;
}

/** Figures change once a day: a page open for an hour need not ask again. */
export const EXPLORER_STALE_MS = 10 * 60_000;

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
