import { QUEST_TOASTS } from '@netpulse/shared';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths';
import { useLinkSocialAccount } from '../api/link-social-account';
import { linkErrorToast, showQuestToast } from '../quest-toasts';
import { parseSocialReturn } from '../social-return';

/**
 * The returns already handled in this page load. StrictMode runs effects twice
 * and the screen may mount again; a return is linked once all the same.
 */
const handledReturns = new Set<string>();

/**
 * Finishes a platform login that came back to /quests (spec section 2): posts
 * the link call once, toasts its outcome, and replaces the address with plain
 * /quests so the login's parameters stay neither in the address bar nor in
 * the history.
 */
export function useSocialReturn(): void {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [found] = useState(() => ({ search, socialReturn: parseSocialReturn(search) }));
  // The callbacks sit on the hook, not on `mutate`, so they run even if the screen unmounts first.
  const { mutate: link } = useLinkSocialAccount({
    onSuccess: (_answer, { platform }) => {
      toast.success(QUEST_TOASTS.loginSuccess[platform]);
    },
    onError: (error, { platform }) => showQuestToast(linkErrorToast(platform, error), error),
  });

  useEffect(() => {
    const { socialReturn } = found;
    if (!socialReturn || handledReturns.has(found.search)) return;
    handledReturns.add(found.search);
    void navigate(paths.quests.href(), { replace: true });
    if (socialReturn.body) {
      link(socialReturn as Parameters<typeof link>[0]);
    } else {
      toast.error(QUEST_TOASTS.linkFailure[socialReturn.platform]);
    }
  }, [found, link, navigate]);
}
