import {
  SOCIAL_QUESTS,
  type Envelope,
  type QuestCheck,
  type SocialQuest,
  type SocialQuestKey,
} from '@netpulse/shared';
import { apiClient } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/query-client';
import { questApiPath, useProfileChangingMutation } from './quest-request';

/**
 * The quest's verify call (GET /auth/discord/check, POST for the others), no
 * body. It answers `{ verified, isMember?, nameVerifyTime? }`; when not
 * verified its message says why.
 */
export async function verifySocialQuest(key: SocialQuestKey): Promise<Envelope<QuestCheck>> {
  const quest: SocialQuest = SOCIAL_QUESTS[key];
  if (!quest.verify) throw new Error(`The quest ${key} has no verify call.`);
  return apiClient.request<QuestCheck>(quest.verify.method, questApiPath(quest.verify.path));
}

/** Runs the verify call; its callbacks see the profile as it is after the check. */
export function useVerifySocialQuest(config: MutationConfig<typeof verifySocialQuest> = {}) {
  return useProfileChangingMutation('verify', verifySocialQuest, config);
}
