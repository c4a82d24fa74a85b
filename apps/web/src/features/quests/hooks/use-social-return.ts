import { QUEST_TOASTS, type UserProfile } from '@netpulse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { profileKeys } from '@/api/query-keys';
import { useLinkSocialAccount } from '@/features/quests/api/link-social-account';
import { useYoutubeTokenCheck } from '@/features/quests/api/verify-social-quest';
import {
  linkErrorToast,
  showQuestToast,
  verifyAnswerToast,
  verifyErrorToast,
} from '@/features/quests/quest-toasts';
import { parseSocialReturn, parseYoutubeReturn } from '@/features/quests/social-return';

/**
 * The returns already handled in this page load. StrictMode runs effects twice
 * and the screen may mount again; a return is linked once all the same.
 */
const handledReturns = new Set<string>();

/**
 * Finishes a platform login that came back to /quests (spec section 2): posts
 * the link call once (for YouTube's sign-in, the subscription check), toasts
 * its outcome, and replaces the address with plain /quests so the login's
 * parameters stay neither in the address bar nor in the history.
 */
export function useSocialReturn(): void {
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [found] = useState(() => ({
    search,
    socialReturn: parseSocialReturn(search),
    youtubeReturn: parseYoutubeReturn(search),
  }));
  // The callbacks sit on the hook, not on `mutate`, so they run even if the screen unmounts first.
  const { mutate: link } = useLinkSocialAccount({
    onSuccess: (_answer, { platform }) => {
      toast.success(QUEST_TOASTS.loginSuccess[platform]);
    },
    onError: (error, { platform }) => showQuestToast(linkErrorToast(platform, error), error),
  });
  const { mutate: checkYoutube } = useYoutubeTokenCheck({
    onSuccess: (answer) => {
      const profileAfter = queryClient.getQueryData<UserProfile>(profileKeys.all);
      showQuestToast(verifyAnswerToast('youtubeSubscribe', answer, profileAfter, Date.now()));
    },
    onError: (error) => showQuestToast(verifyErrorToast('youtubeSubscribe', error), error),
  });

  useEffect(() => {
    const { socialReturn, youtubeReturn } = found;
    if ((!socialReturn && !youtubeReturn) || handledReturns.has(found.search)) return;
    handledReturns.add(found.search);
    void navigate(paths.quests.href(), { replace: true });
    if (youtubeReturn) {
      if (youtubeReturn.check) checkYoutube(youtubeReturn.check);
      else toast.error(QUEST_TOASTS.verifyFailure.youtube);
    } else if (socialReturn?.body) {
      link(socialReturn as Parameters<typeof link>[0]);
    } else if (socialReturn) {
      toast.error(QUEST_TOASTS.linkFailure[socialReturn.platform]);
    }
  }, [found, link, checkYoutube, navigate]);
}
