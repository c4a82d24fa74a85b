/**
 * The transaction labels of spec section 3 and other text shapes. Dates and times are
 * written by clock.ts alone (decision 031).
 */
import { SPEEDTEST_DETAILS } from '../constants.ts';
import { isSourceLanguage, numberFormat } from './locale-format.ts';

/** Underscore-separated words title-cased; "Speedtest Earning" reads "Network Earning". */
export function transactionTypeLabel(type: string): string {
  const label = type
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
  return label === 'Speedtest Earning' ? 'Network Earning' : label;
}

/** The details value "Speedtest" reads "Network Contribution". */
export function transactionDetailsLabel(details: string): string {
  return details === SPEEDTEST_DETAILS ? 'Network Contribution' : details;
}

/** An IP address with every digit or hex letter masked, separators kept. */
export function maskIpAddress(ip: string): string {
  return ip.replace(/[0-9a-fA-F]/g, '*');
}

const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * The time left on a name quest's keep-name timer (spec section 4): "Xd Yh Zm"
 * from one day up, "Yh Zm Ws" below it. Seconds are rounded up, as a countdown
 * reads, so it shows "0h 0m 1s" until the deadline and "0h 0m 0s" from then on. In another
 * `locale` each part takes the language's narrow unit ("3 д. 5 ч 2 мин", "3天 5小时 2分钟").
 */
export function formatKeepNameTime(remainingMs: number, locale?: string): string {
  const totalSeconds = Number.isFinite(remainingMs)
    ? Math.max(0, Math.ceil(remainingMs / SECOND_MS))
    : 0;
  const days = Math.floor(totalSeconds / DAY_S);
  const hours = Math.floor((totalSeconds % DAY_S) / HOUR_S);
  const minutes = Math.floor((totalSeconds % HOUR_S) / MINUTE_S);
  const seconds = totalSeconds % MINUTE_S;
  if (isSourceLanguage(locale)) {
    return days > 0 ? `${days}d ${hours}h ${minutes}m` : `${hours}h ${minutes}m ${seconds}s`;
  }
  const part = (value: number, unit: 'day' | 'hour' | 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value);
  return days > 0
    ? `${part(days, 'day')} ${part(hours, 'hour')} ${part(minutes, 'minute')}`
    : `${part(hours, 'hour')} ${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}
