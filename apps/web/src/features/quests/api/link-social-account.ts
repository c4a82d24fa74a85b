import { SOCIAL_LINK_PATHS, type Envelope, type LinkedAccount } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import type { SocialReturn } from '@/features/quests/social-return';
import { questApiPath, useProfileChangingMutation } from './quest-request';

/** A complete return from a platform's login: the link call's body. */
export type LinkRequest = {
  [P in SocialReturn['platform']]: {
    platform: P;
    body: NonNullable<Extract<SocialReturn, { platform: P }>['body']>;
  };
}[SocialReturn['platform']];

/**
 * POST /auth/{twitter,discord,telegram}/link with what the platform's login
 * handed the browser; the server checks it with the platform before linking.
 */
export async function linkSocialAccount({
  platform,
  body,
}: LinkRequest): Promise<Envelope<LinkedAccount>> {
  return apiClient.post<LinkedAccount>(questApiPath(SOCIAL_LINK_PATHS[platform]), body);
}

export function useLinkSocialAccount(config: MutationConfig<typeof linkSocialAccount> = {}) {
  return useProfileChangingMutation('link', linkSocialAccount, config);
}
