import type { SocialQuestKey } from '@netpulse/shared';

// Spec section 4: Verify becomes active only once the quest's external link was
// opened. Kept in sessionStorage, per user and quest, so a reload of the tab keeps it.

const storageKey = (username: string, key: SocialQuestKey) =>
  `netpulse.questLinkOpened.${username}.${key}`;

/** Whether this tab opened the quest's link before. */
export function wasLinkOpened(username: string, key: SocialQuestKey): boolean {
  try {
    return sessionStorage.getItem(storageKey(username, key)) === 'true';
  } catch {
    return false;
  }
}

/** Remembers for this tab that the quest's link was opened. */
export function rememberLinkOpened(username: string, key: SocialQuestKey): void {
  try {
    sessionStorage.setItem(storageKey(username, key), 'true');
  } catch {
    // Storage may be off (private mode): Verify still becomes active until the next reload.
  }
}
