import {
  SOCIAL_QUESTS,
  type ClaimResult,
  type Envelope,
  type SocialQuestKey,
} from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { BYTES_READS } from '@/api/query-keys';
import type { MutationConfig } from '@/lib/query-client';
import { questApiPath, useProfileChangingMutation } from './quest-request';

/** POST the quest's claim path (e.g. /claim-discord-joined-bonus), no body: pays a verified quest once. */
export async function postSocialQuestClaim(key: SocialQuestKey): Promise<Envelope<ClaimResult>> {
  return apiClient.post<ClaimResult>(questApiPath(SOCIAL_QUESTS[key].claimPath));
}

export function useSocialQuestClaim(config: MutationConfig<typeof postSocialQuestClaim> = {}) {
  return useProfileChangingMutation('social-claim', postSocialQuestClaim, config, BYTES_READS);
}
