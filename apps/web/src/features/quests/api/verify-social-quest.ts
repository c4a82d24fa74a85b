import {
  SOCIAL_QUESTS,
  type Envelope,
  type QuestCheck,
  type SocialQuest,
  type SocialQuestKey,
  type YoutubeChannelForm,
  type YoutubeCheckRequest,
} from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { questApiPath, useProfileChangingMutation } from './quest-request';

/**
 * The quest's verify call (GET /auth/discord/check, POST for the others). It
 * answers `{ verified, isMember?, nameVerifyTime? }`; when not verified its
 * message says why. Only YouTube's carries a body: the access token its sign-in
 * handed back when the server checks with the YouTube Data API, else the channel
 * the person subscribed with, for the operator who checks by hand.
 */
export async function verifySocialQuest(
  key: SocialQuestKey,
  body?: YoutubeCheckRequest,
): Promise<Envelope<QuestCheck>> {
  const quest: SocialQuest = SOCIAL_QUESTS[key];
  if (!quest.verify) throw new Error(`The quest ${key} has no verify call.`);
  return apiClient.request<QuestCheck>(
    quest.verify.method,
    questApiPath(quest.verify.path),
    body ? { body } : {},
  );
}

/** The YouTube check with the access token of a YouTube sign-in that came back to /quests. */
export function useYoutubeTokenCheck(config: MutationConfig<typeof checkYoutubeWithToken> = {}) {
  return useProfileChangingMutation('verify', checkYoutubeWithToken, config);
}

const checkYoutubeWithToken = (signIn: { accessToken: string; state: string }) =>
  verifySocialQuest('youtubeSubscribe', signIn);

/** The YouTube check an operator makes, with the channel the person typed. */
export function useYoutubeReviewRequest(config: MutationConfig<typeof askYoutubeReview> = {}) {
  return useProfileChangingMutation('verify', askYoutubeReview, config);
}

const askYoutubeReview = ({ channel }: YoutubeChannelForm) =>
  verifySocialQuest('youtubeSubscribe', { channel });

const verifyWithoutBody = (key: SocialQuestKey) => verifySocialQuest(key);

/** Runs the verify call; its callbacks see the profile as it is after the check. */
export function useVerifySocialQuest(config: MutationConfig<typeof verifyWithoutBody> = {}) {
  return useProfileChangingMutation('verify', verifyWithoutBody, config);
}
