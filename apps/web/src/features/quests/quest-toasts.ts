import {
  QUEST_MESSAGES,
  QUEST_TOASTS,
  SOCIAL_QUESTS,
  YOUTUBE_STATES,
  type Envelope,
  type QuestCheck,
  type SocialQuest,
  type SocialQuestKey,
  type UserProfile,
  CLAIM_TOASTS,
} from '@netpulse/shared';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/api-error-message';
import type { LinkPlatform } from './social-return';

export interface QuestToast {
  kind: 'success' | 'info' | 'error';
  text: string;
}

/** Spec section 8: the verify failure of the quest's platform, or its name-add variant. */
export function verifyFailureText(key: SocialQuestKey): string {
  const quest: SocialQuest = SOCIAL_QUESTS[key];
  if (quest.kind === 'name' && quest.platform !== 'youtube') {
    return QUEST_TOASTS.nameVerifyFailure[quest.platform];
  }
  return QUEST_TOASTS.verifyFailure[quest.platform];
}

/**
 * The toast of a verify answer. Verified: the server's message, except X's
 * connect verify, which reads 'Twitter verify successful!'. Not verified: the
 * message says why, as an error; but a check that started a wait (the keep-name
 * timer, YouTube's review) is news, not a failure, so it shows as information.
 */
export function verifyAnswerToast(
  key: SocialQuestKey,
  answer: Envelope<QuestCheck>,
  profileAfter: UserProfile | undefined,
  now: number,
): QuestToast {
  const message = answer.message.trim();
  if (answer.data?.verified) {
    if (key === 'xConnect') return { kind: 'success', text: QUEST_TOASTS.twitterVerifySuccess };
    return { kind: 'success', text: message || QUEST_MESSAGES.verified };
  }
  const quest: SocialQuest = SOCIAL_QUESTS[key];
  const timerDeadline = answer.data?.nameVerifyTime ? Date.parse(answer.data.nameVerifyTime) : NaN;
  const waiting =
    (quest.kind === 'name' && timerDeadline > now) ||
    (quest.kind === 'subscribe' && profileAfter?.is_youtube_verifying === YOUTUBE_STATES.verifying);
  if (waiting && message) return { kind: 'info', text: message };
  return { kind: 'error', text: message || verifyFailureText(key) };
}

/** The toast of a failed verify call: the server's words, else the platform's failure text. */
export function verifyErrorToast(key: SocialQuestKey, error: unknown): QuestToast {
  return { kind: 'error', text: serverErrorText(error) ?? verifyFailureText(key) };
}

/** The toast of a failed claim: the server's words, else 'An error occurred while claiming bonus.' */
export function claimErrorToast(error: unknown): QuestToast {
  return { kind: 'error', text: serverErrorText(error) ?? CLAIM_TOASTS.claimFailure };
}

/** The toast of a failed link: the server's words, else 'An error occurred while linking …'. */
export function linkErrorToast(platform: LinkPlatform, error: unknown): QuestToast {
  return { kind: 'error', text: serverErrorText(error) ?? QUEST_TOASTS.linkFailure[platform] };
}

/**
 * Shows a quest toast. A failure that ended the session shows none: the user is
 * already on the way to /login.
 */
export function showQuestToast(questToast: QuestToast, error?: unknown): void {
  if (isApiError(error) && error.sessionExpired) return;
  toast[questToast.kind](questToast.text);
}
