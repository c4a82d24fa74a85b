import type { ClaimResult, Envelope } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChangingMutation } from './quest-request';

export const STREAK_CLAIM_PATH = '/api/claim-streaks-points';

/** POST /claim-streaks-points, no body: pays the streak milestone (7, 14, 21, 28) that is ready. */
export async function postStreakClaim(): Promise<Envelope<ClaimResult>> {
  return apiClient.post<ClaimResult>(STREAK_CLAIM_PATH);
}

export function useStreakClaim(config: MutationConfig<typeof postStreakClaim> = {}) {
  return useProfileChangingMutation('streak-claim', postStreakClaim, config);
}
