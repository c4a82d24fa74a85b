import { defineMessages, type NoMessageValues } from 'react-intl';

/** The words the Quests screen's panels share: one key each, formatted when a panel renders. */
export const questMessages = defineMessages<{
  claim: NoMessageValues;
  claimed: NoMessageValues;
  bytesAmount: { points: string };
  days: { count: number };
  bytesBonusMilestones: NoMessageValues;
}>({
  claim: { id: 'quests.claim', defaultMessage: 'Claim' },
  claimed: { id: 'quests.claimed', defaultMessage: 'Claimed' },
  bytesAmount: { id: 'quests.bytesAmount', defaultMessage: '{points} Bytes' },
  days: { id: 'quests.days', defaultMessage: '{count, plural, one {# day} other {# days}}' },
  bytesBonusMilestones: {
    id: 'quests.bytesBonusMilestones',
    defaultMessage: 'Bytes Bonus Milestones',
  },
});
