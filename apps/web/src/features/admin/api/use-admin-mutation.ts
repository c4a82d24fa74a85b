import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      await config.onSuccess?.(...args);
    },
  });
}
