/**
 * Date formats of spec section 9 and the transaction labels of spec section 3.
 * Display dates are DD/MM/YYYY, the range input MM/DD/YYYY, API filters YYYY-MM-DD,
 * and a network row's time YYYY-MM-DD HH:mm in the viewer's local time: the spec's
 * 12-hour "h:mm" read 05:59 and 17:59 alike, so every time shown is on the 24-hour
 * clock (decision 013).
 */
import { SPEEDTEST_DETAILS } from '../constants.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY of the UTC day of an ISO time. */
export function formatDisplayDate(iso: string): string {
  const d = new Date(iso);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** MM/DD/YYYY of a local calendar date, as the range input shows it. */
export function formatRangeInputDate(date: Date): string {
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

/** YYYY-MM-DD of a local calendar date, as the API filters take it. */
export function toApiDate(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** HH:mm of a moment in local time, on the 24-hour clock whatever the locale. */
export function formatLocalClock(date: Date): string {
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** YYYY-MM-DD HH:mm in local time (decision 013: the spec's h:mm, on the 24-hour clock). */
export function formatNetworkTime(iso: string): string {
  const d = new Date(iso);
  return `${toApiDate(d)} ${formatLocalClock(d)}`;
}

/** A date and time in UTC as "DD/MM/YYYY HH:mm", for cycle start and end. */
export function formatDisplayDateTime(iso: string): string {
  const d = new Date(iso);
  return `${formatDisplayDate(iso)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

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
 * reads, so it shows "0h 0m 1s" until the deadline and "0h 0m 0s" from then on.
 */
export function formatKeepNameTime(remainingMs: number): string {
  const totalSeconds = Number.isFinite(remainingMs)
    ? Math.max(0, Math.ceil(remainingMs / SECOND_MS))
    : 0;
  const days = Math.floor(totalSeconds / DAY_S);
  const hours = Math.floor((totalSeconds % DAY_S) / HOUR_S);
  const minutes = Math.floor((totalSeconds % HOUR_S) / MINUTE_S);
  const seconds = totalSeconds % MINUTE_S;
  return days > 0 ? `${days}d ${hours}h ${minutes}m` : `${hours}h ${minutes}m ${seconds}s`;
}
