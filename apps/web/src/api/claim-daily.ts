import type { ClaimResult, Envelope } from '@netpulse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { BYTES_READS, profileKeys } from './query-keys';
import { refreshReads } from './refresh-reads';

// The server's `claims` module. Shared by the dashboard and the quests screen (both show the
// Daily Claim), and features do not import each other, so it lives in the shared api/ folder.

export const DAILY_CLAIM_PATH = '/api/daily-claim';

/** POST /daily-claim, no body: 100 Bytes once per UTC day; 409 when already claimed today. */
export async function postDailyClaim(): Promise<Envelope<ClaimResult>> {
  return apiClient.post<ClaimResult>(DAILY_CLAIM_PATH);
}

/**
 * Claims the daily Bytes. After a success every read that shows Bytes is refreshed (the
 * profile among them, spec section 4), and the mutation stays pending until those on screen
 * have arrived, so the button cannot be pressed twice before it turns into the countdown.
 * A 409 also refreshes the profile: it was out of date.
 */
export function useDailyClaim(config: MutationConfig<typeof postDailyClaim> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: postDailyClaim,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await refreshReads(queryClient, BYTES_READS);
    },
    onError: async (...args) => {
      await config.onError?.(...args);
      if (isApiError(args[0]) && args[0].status === 409) {
        await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      }
    },
  });
}
