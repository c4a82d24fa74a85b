import {
  isQuestDone,
  NAME_QUEST_TIMERS,
  SOCIAL_QUESTS,
  YOUTUBE_STATES,
  type SocialQuest,
  type SocialQuestKey,
  type UserProfile,
} from '@netpulse/shared';
import { isPlatformConnected } from './social-quest-config';

/**
 * Where a social quest stands (spec section 4):
 * - `unavailable`: this server cannot verify the platform; nothing can be pressed.
 * - `locked`: the platform's account must be connected first.
 * - `connect`: a connect quest before its login.
 * - `verify`: the step to do: open the link (if the quest has one), then Verify.
 * - `keep-name`: a name quest whose keep-name timer runs.
 * - `verifying`: YouTube is checking the subscription.
 * - `claimable`: the step is done; Claim is active.
 * - `claimed`: the reward was paid.
 */
export type SocialQuestStatus =
  | 'unavailable'
  | 'locked'
  | 'connect'
  | 'verify'
  | 'keep-name'
  | 'verifying'
  | 'claimable'
  | 'claimed';

export interface SocialQuestState {
  status: SocialQuestStatus;
  /** The external link (Join, Follow, Retweet, Subscribe, Add name) is offered. */
  showLink: boolean;
  /** The Verify button: not shown, shown but inactive, or active. */
  verify: 'none' | 'disabled' | 'enabled';
  /** Milliseconds left on the keep-name timer while it runs, else null. */
  keepNameMs: number | null;
  /** The step is done: the quest shows its done label (Connected, Joined...). */
  done: boolean;
  claim: 'disabled' | 'enabled' | 'claimed';
}

export interface SocialQuestInput {
  key: SocialQuestKey;
  profile: UserProfile;
  /** The platform is configured on this server (public settings `questPlatforms`). */
  available: boolean;
  /** The quest's external link was opened (remembered for the browser tab). */
  linkOpened: boolean;
  /** The current time in milliseconds, for the keep-name timer. */
  now: number;
}

const state = (
  status: SocialQuestStatus,
  fields: Partial<Omit<SocialQuestState, 'status'>> = {},
): SocialQuestState => ({
  status,
  showLink: false,
  verify: 'none',
  keepNameMs: null,
  done: false,
  claim: 'disabled',
  ...fields,
});

/** The end of a name quest's keep-name timer in milliseconds, or null when it is not set. */
function keepNameDeadline(key: SocialQuestKey, profile: UserProfile): number | null {
  if (!(key in NAME_QUEST_TIMERS)) return null;
  const iso = profile[NAME_QUEST_TIMERS[key as keyof typeof NAME_QUEST_TIMERS]];
  if (!iso) return null;
  const deadline = Date.parse(iso);
  return Number.isNaN(deadline) ? null : deadline;
}

/** The step before the reward: what the quest offers until its step is done. */
function pendingStep(input: SocialQuestInput, quest: SocialQuest): SocialQuestState {
  const { key, profile, linkOpened, now } = input;
  const afterLink = linkOpened ? 'enabled' : 'disabled';

  switch (quest.kind) {
    case 'connect':
      if (!isPlatformConnected(profile, quest.platform)) return state('connect');
      // X: the account is linked; its own verify finishes the quest.
      return state('verify', { verify: 'enabled' });

    case 'membership':
      if (!isPlatformConnected(profile, quest.platform)) return state('locked');
      return state('verify', { showLink: true, verify: afterLink });

    case 'subscribe':
      if (profile.is_youtube_verifying === YOUTUBE_STATES.verifying) {
        return state('verifying', { showLink: true });
      }
      return state('verify', { showLink: true, verify: afterLink });

    case 'name': {
      if (!isPlatformConnected(profile, quest.platform)) return state('locked');
      const deadline = keepNameDeadline(key, profile);
      if (deadline !== null && deadline > now) {
        return state('keep-name', {
          showLink: true,
          verify: 'disabled',
          keepNameMs: deadline - now,
        });
      }
      // A timer that has run out can be verified without opening the link again.
      return state('verify', { showLink: true, verify: deadline !== null ? 'enabled' : afterLink });
    }
  }
}

/** Which controls of a social quest are offered and active for this profile (spec section 4). */
export function socialQuestState(input: SocialQuestInput): SocialQuestState {
  const quest: SocialQuest = SOCIAL_QUESTS[input.key];
  const { profile, available } = input;
  if (profile[quest.claimedFlag]) return state('claimed', { done: true, claim: 'claimed' });
  if (!available) return state('unavailable');
  if (isQuestDone(profile, input.key)) return state('claimable', { done: true, claim: 'enabled' });
  return pendingStep(input, quest);
}
