import { SOCIAL_STATE_PATH, type SocialStateRequest } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { questApiPath } from './quest-request';

/**
 * A one-time state for a platform login this session is about to start: the
 * login carries it through the platform and back to /quests, and the link call
 * hands it in, so a return crafted from someone else's login links nothing.
 */
export async function requestLoginState(platform: SocialStateRequest['platform']): Promise<string> {
  const answer = await apiClient.post<{ state: string }>(questApiPath(SOCIAL_STATE_PATH), {
    platform,
  });
  if (!answer.data) throw new Error('The server issued no login state');
  return answer.data.state;
}
