import {
  questTitle,
  REFERRAL_MILESTONE_NAMES,
  SOCIAL_QUESTS,
  type ReferralMilestone,
  type SocialQuestKey,
} from '@netpulse/shared';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { defineMessages } from '@netpulse/i18n';
import { translateText } from '@/lib/i18n/translate-text';

/**
 * A social quest's title in the page's language, the product name filled in. The titles are
 * the shared contract's (QUEST_TITLES: the server writes them in the ledger too); without a
 * catalog (a test) the English one is filled in as the server fills it.
 */
export function questTitleText(
  key: SocialQuestKey,
  productName: string,
  formatter: PageFormatter,
): string {
  const english = SOCIAL_QUESTS[key].title;
  const translated = translateText(english, { product: productName }, formatter);
  return translated === english ? questTitle(key, productName) : translated;
}

/** A referral quest's name (Rookie to God) in the page's language. */
export function referralMilestoneName(
  milestone: ReferralMilestone,
  formatter: PageFormatter,
): string {
  return translateText(REFERRAL_MILESTONE_NAMES[milestone], undefined, formatter);
}

const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

const keepNameMessages = defineMessages({
  days: {
    id: 'quests.keepNameForDays',
    defaultMessage: 'Keep name for {days}d {hours}h {minutes}m',
  },
  hours: {
    id: 'quests.keepNameForHours',
    defaultMessage: 'Keep name for {hours}h {minutes}m {seconds}s',
  },
});

/**
 * The keep-name timer of a name quest (spec section 4): "Keep name for Xd Yh Zm" from one
 * day up, "Yh Zm Ws" below it, as formatKeepNameTime counts (seconds rounded up, as a
 * countdown reads), with the units in the page's language.
 */
export function keepNameText(remainingMs: number, formatter: PageFormatter): string {
  const totalSeconds = Number.isFinite(remainingMs)
    ? Math.max(0, Math.ceil(remainingMs / SECOND_MS))
    : 0;
  const days = Math.floor(totalSeconds / DAY_S);
  const hours = Math.floor((totalSeconds % DAY_S) / HOUR_S);
  const minutes = Math.floor((totalSeconds % HOUR_S) / MINUTE_S);
  const seconds = totalSeconds % MINUTE_S;
  return days > 0
    ? formatter.formatMessage(keepNameMessages.days, { days, hours, minutes })
    : formatter.formatMessage(keepNameMessages.hours, { hours, minutes, seconds });
}
