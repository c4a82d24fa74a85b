import type { SocialQuestKey } from '@netpulse/shared';
import { useState } from 'react';
import { rememberLinkOpened, wasLinkOpened } from '@/features/quests/link-opened';

/** Whether the quest's external link was opened in this tab, and a way to record that it was. */
export function useLinkOpened(username: string, key: SocialQuestKey): [boolean, () => void] {
  const [opened, setOpened] = useState(() => wasLinkOpened(username, key));
  const markOpened = () => {
    rememberLinkOpened(username, key);
    setOpened(true);
  };
  return [opened, markOpened];
}
