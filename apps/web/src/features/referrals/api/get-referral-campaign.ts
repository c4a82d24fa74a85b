import { FETCH_FAILED, type ReferralCampaign } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { referralKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /referrals-stats: the referral counts, the bonus earned and the referral links. */
export async function getReferralCampaign(signal?: AbortSignal): Promise<ReferralCampaign> {
  const envelope = await apiClient.get<ReferralCampaign>('/api/referrals-stats', { signal });
  return readData(envelope);
}

export function useReferralCampaign() {
  return useQuery({
    queryKey: referralKeys.campaign(),
    queryFn: ({ signal }) => getReferralCampaign(signal),
    meta: { errorToast: FETCH_FAILED.referralCampaign },
  });
}
