import { defineTexts } from '@netpulse/i18n';

/**
 * A test's receipt (issue 17): its points explained factor by factor. The web
 * app's receipt panel and its tests read these, so both quote the same words.
 */
export const RECEIPT_TEXTS = defineTexts('receiptTexts', {
  title: 'Test receipt',
  /** @param points the base every credited test starts from */
  base: (points: number) => `${points} Bytes base`,
  uniqueIpApplied: 'Unique IP: no other account used this address in the last 24 hours',
  uniqueIpMissed: 'No Unique IP boost: another account used this address in the last 24 hours',
  locationApplied: 'Location: a location was shared with this test',
  locationMissed: 'No Location boost: location was not shared',
  eliteBoost: 'Elite Role boost',
  /** @param points what the test was credited */
  total: (points: number) => `Total: ${points} Bytes`,
  /** @param points the commission the test paid the user's referrer */
  referrerCommission: (points: number) =>
    `Your referrer earned ${points} Bytes commission from this test`,
  loadFailed: 'The receipt of this test could not be loaded.',
});
