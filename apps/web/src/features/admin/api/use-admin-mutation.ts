import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { ADMIN_QUERY_KEY } from './admin-query-keys';

/**
 * A console action's mutation: once it succeeds every console query is marked
 * stale and those on screen refetch (see ADMIN_QUERY_KEY), then the caller's
 * `onSuccess` runs (its toast, closing its dialog).
 */
export function useAdminMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  config: Omit<UseMutationOptions<Result, Error, Variables>, 'mutationFn'> = {},
) {
  return useRefreshingMutation(mutationFn, [ADMIN_QUERY_KEY], config);
}
