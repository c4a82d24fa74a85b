import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';

/**
 * After a write: marks every query under `keys` stale. Those on screen refetch now, and the
 * promise waits for them (so a button can stay busy until the new figures are there); the
 * others refetch when next shown, instead of showing the cached answer until it goes stale.
 *
 * A query whose first fetch is still in flight is read once more after it: TanStack Query
 * joins that fetch rather than start another, and its answer may be from before the write
 * (a tab back from a platform's login reads the profile while it links the account).
 */
export async function refreshReads(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
): Promise<void> {
  const firstFetchInFlight = keys.filter((queryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .some((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined),
  );
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  await Promise.all(
    firstFetchInFlight.map((queryKey) => queryClient.refetchQueries({ queryKey, type: 'all' })),
  );
}

/**
 * A write's mutation that refreshes the reads it changes: once it succeeds, `refreshReads` of
 * `keys` (or of those `keys` picks for the variables written), then the caller's `onSuccess`
 * (its toast, closing its dialog) runs.
 */
export function useRefreshingMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  keys: readonly QueryKey[] | ((variables: Variables) => readonly QueryKey[]),
  config: Omit<UseMutationOptions<Result, Error, Variables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (...args) => {
      await refreshReads(queryClient, typeof keys === 'function' ? keys(args[1]) : keys);
      await config.onSuccess?.(...args);
    },
  });
}
