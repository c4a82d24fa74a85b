import type { ClaimResult, Envelope } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { BYTES_READS } from '@/api/query-keys';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChangingMutation } from './quest-request';

export const REFERRAL_MILESTONE_CLAIM_PATH = '/api/claim-referral-points';

// The server's `referrals` module pays it (its route sits with the other claims); shown on the
// Quests screen's Referral Quests.

/** POST /claim-referral-points, no body: pays the referral milestone (1 to 99) that is ready. */
export async function postReferralMilestoneClaim(): Promise<Envelope<ClaimResult>> {
  return apiClient.post<ClaimResult>(REFERRAL_MILESTONE_CLAIM_PATH);
}

export function useReferralMilestoneClaim(
  config: MutationConfig<typeof postReferralMilestoneClaim> = {},
) {
  return useProfileChangingMutation(
    'referral-claim',
    postReferralMilestoneClaim,
    config,
    BYTES_READS,
  );
}
