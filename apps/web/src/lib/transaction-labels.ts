import { SPEEDTEST_DETAILS, transactionTypeLabel, type TransactionType } from '@netpulse/shared';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { defineMessages } from '@netpulse/i18n';

const types = defineMessages<TransactionType>({
  speedtest_earning: { id: 'transactions.typeSpeedtestEarning', defaultMessage: 'Network Earning' },
  referral_bonus: { id: 'transactions.typeReferralBonus', defaultMessage: 'Referral Bonus' },
  referral_commission: {
    id: 'transactions.typeReferralCommission',
    defaultMessage: 'Referral Commission',
  },
  daily_claim: { id: 'transactions.typeDailyClaim', defaultMessage: 'Daily Claim' },
  streak_bonus: { id: 'transactions.typeStreakBonus', defaultMessage: 'Streak Bonus' },
  referral_quest: { id: 'transactions.typeReferralQuest', defaultMessage: 'Referral Quest' },
  quest_reward: { id: 'transactions.typeQuestReward', defaultMessage: 'Quest Reward' },
});

const details = defineMessages({
  speedtest: { id: 'transactions.detailsSpeedtest', defaultMessage: 'Network Contribution' },
  dailyClaim: { id: 'transactions.detailsDailyClaim', defaultMessage: 'Daily Claim' },
});

/** A ledger type in the page's language (spec section 3's labels in English). */
export function transactionTypeText(type: string, intl: PageFormatter): string {
  return type in types
    ? intl.formatMessage(types[type as TransactionType])
    : transactionTypeLabel(type);
}

/**
 * A row's details in the page's language. The server stores them as English words (the
 * ledger's record); the shapes it writes are read back here, and any other shows as it is.
 */
export function transactionDetailsText(text: string, intl: PageFormatter): string {
  if (text === SPEEDTEST_DETAILS) return intl.formatMessage(details.speedtest);
  if (text === 'Daily Claim') return intl.formatMessage(details.dailyClaim);
  const named = /^Referral (bonus|commission): (.+)$/.exec(text);
  if (named?.[1] === 'bonus') {
    return intl.formatMessage(
      { id: 'transactions.detailsReferralBonus', defaultMessage: 'Referral bonus: {username}' },
      { username: named[2] },
    );
  }
  if (named?.[1] === 'commission') {
    return intl.formatMessage(
      {
        id: 'transactions.detailsReferralCommission',
        defaultMessage: 'Referral commission: {username}',
      },
      { username: named[2] },
    );
  }
  const streak = /^Daily Streak: (\d+) days$/.exec(text);
  if (streak) {
    return intl.formatMessage(
      {
        id: 'transactions.detailsDailyStreak',
        defaultMessage: 'Daily Streak: {days, plural, one {# day} other {# days}}',
      },
      { days: Number(streak[1]) },
    );
  }
  return text;
}
