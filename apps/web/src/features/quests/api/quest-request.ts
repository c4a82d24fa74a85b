import {
  useIsMutating,
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { profileKeys } from '@/api/query-keys';
import { refreshReads } from '@/api/refresh-reads';

/** Every claim, verify and link of the Quests screen runs under this key. */
export const QUEST_MUTATION_KEY = ['quests'] as const;

/** The contract's quest paths are under /v1/api; the API client adds /v1. */
export const questApiPath = (path: string) => `/api${path}`;

/** Spec section 4: while any quest request runs, claim and verify do nothing. */
export function useQuestRequestPending(): boolean {
  return useIsMutating({ mutationKey: QUEST_MUTATION_KEY }) > 0;
}

/**
 * A quest call that changes the profile: after a success the profile is fetched
 * again (spec section 7), with whatever else `refreshes` names (a claim credits
 * Bytes: BYTES_READS), and the call stays pending until what is on screen has
 * arrived, so nothing can be pressed on stale flags. A 409 (already done, out of
 * order) also refreshes them: the screen was out of date.
 */
export function useProfileChangingMutation<Variables, Result>(
  name: string,
  mutationFn: (variables: Variables) => Promise<Result>,
  config: Omit<UseMutationOptions<Result, Error, Variables>, 'mutationFn' | 'mutationKey'> = {},
  refreshes: readonly QueryKey[] = [profileKeys.all],
) {
  const queryClient = useQueryClient();
  const refreshProfile = () => refreshReads(queryClient, refreshes);
  return useMutation({
    ...config,
    mutationKey: [...QUEST_MUTATION_KEY, name],
    mutationFn,
    onSuccess: async (...args) => {
      await refreshProfile();
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      await config.onError?.(...args);
      if (isApiError(args[0]) && args[0].status === 409) await refreshProfile();
    },
  });
}
