import { formatDate } from '@netpulse/shared';

/** The days picked in the calendar so far; either end may still be missing. */
export interface PickedRange {
  from?: Date | undefined;
  to?: Date | undefined;
}

/** What a list filters by: YYYY-MM-DD bounds, or empty strings for "no bound". */
export interface DateRangeValue {
  startDate: string;
  endDate: string;
}

export const NO_DATE_RANGE: DateRangeValue = { startDate: '', endDate: '' };

/**
 * Spec section 2: a range is applied only when both dates are set and the start
 * differs from the end; otherwise the filter sends empty strings.
 */
export function appliedRange(picked: PickedRange | undefined): DateRangeValue {
  if (!picked?.from || !picked.to) return NO_DATE_RANGE;
  const startDate = formatDate(picked.from);
  const endDate = formatDate(picked.to);
  if (startDate === endDate) return NO_DATE_RANGE;
  return startDate < endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate };
}

export function sameDateRange(a: DateRangeValue, b: DateRangeValue): boolean {
  return a.startDate === b.startDate && a.endDate === b.endDate;
}

/** The read-only input's text: "YYYY-MM-DD - YYYY-MM-DD", the end left blank until picked. */
export function rangeInputText(picked: PickedRange | undefined): string {
  if (!picked?.from) return '';
  const start = formatDate(picked.from);
  return picked.to ? `${start} - ${formatDate(picked.to)}` : `${start} - `;
}
