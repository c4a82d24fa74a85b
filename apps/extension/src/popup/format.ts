/**
 * How the popup writes times, counts, points and speeds, in its language: numbers with
 * the locale's grouping, speeds and round trips in their units, times in the one clock.
 */
import { BOOST_LABELS, boostBreakdown, formatDateTime, type BoostFlags } from '@netpulse/shared';
import type { MessageDescriptor } from '@netpulse/i18n';
import { activeLocale, t } from './i18n.ts';
import { POPUP_MESSAGES } from './messages.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and shape: building one costs far more than using it. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = activeLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A whole number with the locale's grouping: "1,234", "1.234", "1 234". */
export function formatCount(value: number): string {
  return numberFormat({ maximumFractionDigits: 0 }).format(value);
}

/** A speed: "93.4 Mbit/s" ("93,4 Mbit/s" in Spanish); the unit reads the same everywhere. */
export function formatSpeed(mbps: number): string {
  return `${numberFormat({ maximumFractionDigits: 1 }).format(mbps)} Mbit/s`;
}

/** The live gauge's figure: always one decimal and no grouping, to fit the dial: "93.4", "1234.5". */
export function formatGaugeFigure(mbps: number): string {
  return numberFormat({
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(mbps);
}

/** "18 ms" or "< 1 ms" as the web page writes it, or a dash when the server measured none. */
export function formatResultLatency(milliseconds: number | null): string {
  if (milliseconds === null) return '—';
  return milliseconds < 1
    ? '< 1 ms'
    : `${numberFormat({ maximumFractionDigits: 0 }).format(milliseconds)} ms`;
}

/** The next planned test in the one clock (decision 031): "2026-11-25 13:40" in the browser's zone. */
export function formatNextTest(iso: string | null, timeZone?: string): string {
  return iso ? formatDateTime(iso, timeZone) : t(POPUP_MESSAGES.nonePlanned);
}

/** "2 of 4", or a dash when the server could not be asked. */
export function formatTestsToday(credited: number | null, limit: number | null): string {
  return credited === null || limit === null
    ? '—'
    : t(POPUP_MESSAGES.testsToday, { credited, limit });
}

/**
 * A wait as "3 h 12 min", "3 h" or "8 min", in whole minutes rounded up as a countdown
 * reads (as packages/shared's formatDuration): 30 s left is "1 min".
 */
export function formatWait(remainingMs: number): string {
  const minutesLeft = Number.isFinite(remainingMs)
    ? Math.max(0, Math.ceil(remainingMs / 60_000))
    : 0;
  const hours = Math.floor(minutesLeft / 60);
  const minutes = minutesLeft % 60;
  if (hours === 0) return t(POPUP_MESSAGES.durationMinutes, { minutes });
  return minutes === 0
    ? t(POPUP_MESSAGES.durationHours, { hours })
    : t(POPUP_MESSAGES.durationHoursMinutes, { hours, minutes });
}

const BOOST_MESSAGES: Record<string, MessageDescriptor> = {
  [BOOST_LABELS.uniqueIp]: POPUP_MESSAGES.boostUniqueIp,
  [BOOST_LABELS.location]: POPUP_MESSAGES.boostLocation,
  [BOOST_LABELS.elite]: POPUP_MESSAGES.boostElite,
};

/** The boosts of a result as the dashboard labels them: "Unique IP · 2x". */
export function boostLabels(row: BoostFlags): string[] {
  return boostBreakdown(row).map(({ label, multiplier }) => {
    const name = BOOST_MESSAGES[label];
    return t(POPUP_MESSAGES.boost, {
      label: name ? t(name) : label,
      multiplier: Number(multiplier.toFixed(2)),
    });
  });
}
