import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write: marks every query under `keys` stale. Those on screen refetch now, and the
 * promise waits for them (so a button can stay busy until the new figures are there); the
 * others refetch when next shown, instead of showing the cached answer until it goes stale.
 */
export async function refreshReads(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
