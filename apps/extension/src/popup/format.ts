/** How the popup writes speeds, times and points. */
import { boostBreakdown, formatBoost, formatLocalClock, type BoostFlags } from '@netpulse/shared';

/** "94.3 Mbit/s" */
export function formatSpeed(megabitsPerSecond: number): string {
  return `${megabitsPerSecond.toFixed(1)} Mbit/s`;
}

/** "18 ms", or a dash when the server measured none. */
export function formatLatency(milliseconds: number | null): string {
  return milliseconds === null ? '—' : `${Math.round(milliseconds)} ms`;
}

/**
 * "14:05" today, "Tue 00:20" on another day, in the browser's time zone; always on the
 * 24-hour clock, as the web app writes times (decision 013), so a 12-hour locale does not
 * turn it into "02:05 PM".
 */
export function formatNextTest(iso: string | null, now: Date, locale?: string): string {
  if (!iso) return 'None planned today';
  const time = new Date(iso);
  const clock = formatLocalClock(time);
  if (time.toDateString() === now.toDateString()) return clock;
  return `${time.toLocaleDateString(locale, { weekday: 'short' })} ${clock}`;
}

/** "2 of 4", or a dash when the server could not be asked. */
export function formatTestsToday(credited: number | null, limit: number | null): string {
  return credited === null || limit === null ? '—' : `${credited} of ${limit}`;
}

/** The boosts of a result as the dashboard labels them: "Unique IP · 2x". */
export function boostLabels(row: BoostFlags): string[] {
  return boostBreakdown(row).map(formatBoost);
}
