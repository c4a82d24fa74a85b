import type { ClaimResult, Envelope } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useProfileChangingMutation } from './quest-request';

export const REFERRAL_CLAIM_PATH = '/api/claim-referral-points';

/** POST /claim-referral-points, no body: pays the referral milestone (1 to 99) that is ready. */
export async function postReferralClaim(): Promise<Envelope<ClaimResult>> {
  return apiClient.post<ClaimResult>(REFERRAL_CLAIM_PATH);
}

export function useReferralClaim(config: MutationConfig<typeof postReferralClaim> = {}) {
  return useProfileChangingMutation('referral-claim', postReferralClaim, config);
}
