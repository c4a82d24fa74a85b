import { RECEIPT_TEXTS } from '../messages.ts';
import type { SpeedtestReceipt } from '../schemas/nodes.ts';
import { formatMultiplier } from './boosts.ts';

/** One line of a receipt: what it says, and the multiplier it applied (null: a line without one). */
export interface ReceiptLine {
  id: 'base' | 'unique-ip' | 'location' | 'elite-boost' | 'total' | 'referrer-commission';
  text: string;
  /** "2x" when the factor applied, null when it did not or has no multiplier. */
  multiplier: string | null;
}

/**
 * A test's points explained factor by factor (issue 17): the base, each boost
 * with why it applied or why not, the Elite Role boost when set, the total, and
 * the commission it paid the referrer when it paid one.
 */
export function receiptLines(receipt: SpeedtestReceipt): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { id: 'base', text: RECEIPT_TEXTS.base(receipt.base_points), multiplier: null },
    receipt.unique_ip.applied
      ? {
          id: 'unique-ip',
          text: RECEIPT_TEXTS.uniqueIpApplied,
          multiplier: formatMultiplier(receipt.unique_ip.multiplier),
        }
      : { id: 'unique-ip', text: RECEIPT_TEXTS.uniqueIpMissed, multiplier: null },
    receipt.location.applied
      ? {
          id: 'location',
          text: RECEIPT_TEXTS.locationApplied,
          multiplier: formatMultiplier(receipt.location.multiplier),
        }
      : { id: 'location', text: RECEIPT_TEXTS.locationMissed, multiplier: null },
  ];
  if (receipt.boost !== null && receipt.boost > 0) {
    lines.push({
      id: 'elite-boost',
      text: RECEIPT_TEXTS.eliteBoost,
      multiplier: formatMultiplier(receipt.boost),
    });
  }
  lines.push({ id: 'total', text: RECEIPT_TEXTS.total(receipt.points), multiplier: null });
  if (receipt.referrer_commission !== null) {
    lines.push({
      id: 'referrer-commission',
      text: RECEIPT_TEXTS.referrerCommission(receipt.referrer_commission),
      multiplier: null,
    });
  }
  return lines;
}
