import type { ClaimResult, Envelope } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { BYTES_READS } from '@/api/query-keys';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChangingMutation } from './quest-request';

export const STREAK_MILESTONE_CLAIM_PATH = '/api/claim-streaks-points';

// The server's `claims` module, beside the daily claim; shown on the Quests screen's Daily Check-in.

/** POST /claim-streaks-points, no body: pays the streak milestone (7, 14, 21, 28) that is ready. */
export async function postStreakMilestoneClaim(): Promise<Envelope<ClaimResult>> {
  return apiClient.post<ClaimResult>(STREAK_MILESTONE_CLAIM_PATH);
}

export function useStreakMilestoneClaim(
  config: MutationConfig<typeof postStreakMilestoneClaim> = {},
) {
  return useProfileChangingMutation('streak-claim', postStreakMilestoneClaim, config, BYTES_READS);
}
