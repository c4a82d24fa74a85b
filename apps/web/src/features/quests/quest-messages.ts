import { defineMessages } from '@netpulse/i18n';

/** The words the Quests screen's panels share: one key each, formatted when a panel renders. */
export const questMessages = defineMessages({
  claim: { id: 'quests.claim', defaultMessage: 'Claim' },
  claimed: { id: 'quests.claimed', defaultMessage: 'Claimed' },
  bytesAmount: { id: 'quests.bytesAmount', defaultMessage: '{points} Bytes' },
  days: { id: 'quests.days', defaultMessage: '{count, plural, one {# day} other {# days}}' },
  bytesBonusMilestones: {
    id: 'quests.bytesBonusMilestones',
    defaultMessage: 'Bytes Bonus Milestones',
  },
});
