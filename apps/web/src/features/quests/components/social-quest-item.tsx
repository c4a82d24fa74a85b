import {
  CLAIM_TOASTS,
  QUEST_PLATFORM_NAMES,
  QUEST_TOASTS,
  SOCIAL_LOGIN_PATHS,
  SOCIAL_QUESTS,
  type QuestConstants,
  type SocialQuest,
  type SocialQuestKey,
  type UserProfile,
} from '@netpulse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/signed-in-icons';
import { API_BASE_URL } from '@/lib/api-client';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { profileKeys } from '@/api/query-keys';
import { useSocialQuestClaim } from '@/features/quests/api/claim-social-quest';
import { questApiPath, useQuestRequestPending } from '@/features/quests/api/quest-request';
import { requestLoginState } from '@/features/quests/api/request-login-state';
import { useVerifySocialQuest } from '@/features/quests/api/verify-social-quest';
import { useLinkOpened } from '@/features/quests/hooks/use-link-opened';
import {
  claimErrorToast,
  showQuestToast,
  verifyAnswerToast,
  verifyErrorToast,
} from '@/features/quests/quest-toasts';
import { questLinkUrl, SOCIAL_QUEST_UI } from '@/features/quests/social-quest-config';
import { socialQuestState, type SocialQuestState } from '@/features/quests/social-quest-state';
import { questMessages } from '@/features/quests/quest-messages';
import { keepNameText, questTitleText } from '@/features/quests/quest-texts';
import { TelegramLoginWidget } from './telegram-login-widget';
import { YoutubeChannelDialog } from './youtube-channel-dialog';

export interface SocialQuestItemProps {
  questKey: SocialQuestKey;
  profile: UserProfile;
  constants: QuestConstants | undefined;
  /** The platform is configured on this server (public settings `questPlatforms`). */
  available: boolean;
  /** The current time in milliseconds; the keep-name timer counts down with it. */
  now: number;
  productName: string;
  telegramBotUsername: string | null;
  /** The server checks YouTube with the YouTube Data API: Verify signs in with YouTube first. */
  youtubeSignIn?: boolean;
}

/**
 * The login of X or Discord (or YouTube's sign-in) opens in a new tab; it comes
 * back to /quests there (spec section 2). The tab opens at once, while the click
 * still lets a page open one, and goes to the login once its state is issued.
 */
async function openLogin(platform: keyof typeof SOCIAL_LOGIN_PATHS): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const state = await requestLoginState(platform);
    const url = `${API_BASE_URL}${questApiPath(SOCIAL_LOGIN_PATHS[platform])}?state=${encodeURIComponent(state)}`;
    if (!tab) {
      window.open(url, '_blank');
      return;
    }
    // The platform's pages get no handle on this page.
    tab.opener = null;
    tab.location.href = url;
  } catch {
    tab?.close();
    toast.error(
      platform === 'youtube'
        ? QUEST_TOASTS.verifyFailure.youtube
        : QUEST_TOASTS.linkFailure[platform],
    );
  }
}

const controlClasses = 'min-h-10 px-3 py-2';

const messages = defineMessages({
  connect: { id: 'quests.connect', defaultMessage: 'Connect' },
  opensInNewTab: { id: 'quests.opensInNewTab', defaultMessage: '(opens in a new tab)' },
});

/** One social quest: its step (connect, link then Verify), its done label and its Claim. */
export function SocialQuestItem({
  questKey,
  profile,
  constants,
  available,
  now,
  productName,
  telegramBotUsername,
  youtubeSignIn = false,
}: SocialQuestItemProps) {
  const intl = useIntl();
  const quest: SocialQuest = SOCIAL_QUESTS[questKey];
  const ui = SOCIAL_QUEST_UI[questKey];
  const titleId = useId();
  const queryClient = useQueryClient();
  const busy = useQuestRequestPending();
  const [linkOpened, markLinkOpened] = useLinkOpened(profile.username, questKey);
  const state = socialQuestState({ key: questKey, profile, available, linkOpened, now });
  const [askingChannel, setAskingChannel] = useState(false);

  const verify = useVerifySocialQuest({
    onSuccess: (answer) => {
      const profileAfter = queryClient.getQueryData<UserProfile>(profileKeys.all);
      showQuestToast(verifyAnswerToast(questKey, answer, profileAfter, Date.now()));
    },
    onError: (error) => showQuestToast(verifyErrorToast(questKey, error), error),
  });
  const claim = useSocialQuestClaim({
    onSuccess: () => {
      toast.success(CLAIM_TOASTS.pointsClaimSuccess);
    },
    onError: (error) => showQuestToast(claimErrorToast(error), error),
  });

  const platformName = QUEST_PLATFORM_NAMES[quest.platform];
  const canClaim = state.claim === 'enabled' && !busy;
  const canVerify = state.verify === 'enabled' && !busy;

  return (
    <li
      data-testid={`quest-${questKey}`}
      data-state={state.status}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface-raised/50 p-4"
    >
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <p id={titleId} className="font-medium text-ink">
          {questTitleText(questKey, productName, intl)}
        </p>
        <p className="text-xs font-semibold text-accent-strong">
          {intl.formatMessage(questMessages.bytesAmount, { points: formatPoints(quest.points) })}
        </p>
        <QuestNote state={state} platformName={platformName} />
      </div>
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:justify-end">
        <StepControls
          questKey={questKey}
          state={state}
          titleId={titleId}
          linkUrl={ui.link ? questLinkUrl(ui.link.target, constants) : null}
          onLinkOpened={markLinkOpened}
          canVerify={canVerify}
          verifying={verify.isPending}
          onVerify={() => {
            if (!canVerify) return;
            if (questKey !== 'youtubeSubscribe') verify.mutate(questKey);
            // With the YouTube Data API the check needs the viewer's consent first; the
            // consent comes back to /quests in a new tab, which runs the check.
            else if (youtubeSignIn) void openLogin('youtube');
            // Without it an operator checks by hand, and needs the person's channel.
            else setAskingChannel(true);
          }}
          telegramBotUsername={telegramBotUsername}
        />
        <Button
          variant={state.claim === 'enabled' ? 'primary' : 'secondary'}
          aria-describedby={titleId}
          disabled={!canClaim}
          isLoading={claim.isPending}
          onClick={() => {
            if (canClaim) claim.mutate(questKey);
          }}
          className={controlClasses}
        >
          {state.claim === 'claimed'
            ? intl.formatMessage(questMessages.claimed)
            : intl.formatMessage(questMessages.claim)}
        </Button>
      </div>
      {askingChannel && <YoutubeChannelDialog onClose={() => setAskingChannel(false)} />}
    </li>
  );
}

/** The line under the title: why nothing can be done yet, or the keep-name timer. */
function QuestNote({ state, platformName }: { state: SocialQuestState; platformName: string }) {
  const intl = useIntl();
  switch (state.status) {
    case 'unavailable':
      return (
        <p className="text-xs text-ink-muted">
          {intl.formatMessage({ id: 'quests.notAvailable', defaultMessage: 'Not available yet' })}
        </p>
      );
    case 'locked':
      return (
        <p className="text-xs text-ink-muted">
          {intl.formatMessage(
            { id: 'quests.connectFirst', defaultMessage: 'Connect your {platform} account first' },
            { platform: platformName },
          )}
        </p>
      );
    case 'keep-name':
      return (
        <p role="timer" data-testid="keep-name-timer" className="text-xs text-ink tabular-nums">
          {keepNameText(state.keepNameMs ?? 0, intl)}
        </p>
      );
    default:
      return null;
  }
}

interface StepControlsProps {
  questKey: SocialQuestKey;
  state: SocialQuestState;
  titleId: string;
  linkUrl: string | null;
  onLinkOpened: () => void;
  canVerify: boolean;
  verifying: boolean;
  onVerify: () => void;
  telegramBotUsername: string | null;
}

/** The controls of the step before the reward, by the quest's state. */
function StepControls({
  questKey,
  state,
  titleId,
  linkUrl,
  onLinkOpened,
  canVerify,
  verifying,
  onVerify,
  telegramBotUsername,
}: StepControlsProps) {
  const intl = useIntl();
  const quest: SocialQuest = SOCIAL_QUESTS[questKey];
  const ui = SOCIAL_QUEST_UI[questKey];

  if (state.done) {
    return (
      <Badge className="min-h-8 gap-1.5 px-3 text-sm" testId={`quest-${questKey}-done`}>
        <CheckCircleIcon className="size-4" />
        {intl.formatMessage(ui.doneLabel)}
      </Badge>
    );
  }

  if (state.status === 'connect') {
    if (quest.platform === 'telegram') {
      return telegramBotUsername ? (
        <TelegramLoginWidget botUsername={telegramBotUsername} />
      ) : (
        <Button variant="secondary" disabled className={controlClasses}>
          {intl.formatMessage(messages.connect)}
        </Button>
      );
    }
    const platform = quest.platform === 'x' ? 'x' : 'discord';
    return (
      <Button
        aria-describedby={titleId}
        onClick={() => void openLogin(platform)}
        className={controlClasses}
      >
        {intl.formatMessage(messages.connect)}
      </Button>
    );
  }

  if (state.verify === 'none' && state.status !== 'verifying') return null;

  return (
    <>
      {state.showLink && ui.link && (
        <QuestLink label={ui.link.label} url={linkUrl} titleId={titleId} onOpened={onLinkOpened} />
      )}
      <Button
        variant={canVerify ? 'primary' : 'secondary'}
        aria-describedby={titleId}
        disabled={!canVerify}
        isLoading={verifying}
        onClick={onVerify}
        className={controlClasses}
      >
        {state.status === 'verifying'
          ? intl.formatMessage({ id: 'quests.verifying', defaultMessage: 'Verifying...' })
          : intl.formatMessage({ id: 'quests.verify', defaultMessage: 'Verify' })}
      </Button>
    </>
  );
}

/** The external page of a quest (Join, Follow, …) in a new tab; opening it activates Verify. */
function QuestLink({
  label,
  url,
  titleId,
  onOpened,
}: {
  label: MessageDescriptor;
  url: string | null;
  titleId: string;
  onOpened: () => void;
}) {
  const intl = useIntl();
  const text = intl.formatMessage(label);
  // Led by a space, so the note stays a word of its own in the link's accessible name.
  const newTabNote = ` ${intl.formatMessage(messages.opensInNewTab)}`;
  if (!url) {
    return (
      <Button variant="secondary" disabled aria-describedby={titleId} className={controlClasses}>
        {text}
      </Button>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={titleId}
      // Middle clicks open the page too.
      onClick={onOpened}
      onAuxClick={onOpened}
      className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-line bg-surface-raised px-3 py-2 text-sm font-semibold text-ink transition-colors hover:border-ink-muted"
    >
      {text}
      <span className="sr-only">{newTabNote}</span>
    </a>
  );
}
