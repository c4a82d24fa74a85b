/** How the popup writes times and points; speeds and round trips read as on the web page. */
import {
  boostBreakdown,
  formatBoost,
  formatDateTime,
  formatLatency,
  type BoostFlags,
} from '@netpulse/shared';

/** "18 ms" or "< 1 ms" as the web page writes it, or a dash when the server measured none. */
export function formatResultLatency(milliseconds: number | null): string {
  return milliseconds === null ? '—' : formatLatency(milliseconds);
}

/** The next planned test in the one clock (decision 031): "2026-11-25 13:40" in the browser's zone. */
export function formatNextTest(iso: string | null, timeZone?: string): string {
  return iso ? formatDateTime(iso, timeZone) : 'None planned today';
}

/** "2 of 4", or a dash when the server could not be asked. */
export function formatTestsToday(credited: number | null, limit: number | null): string {
  return credited === null || limit === null ? '—' : `${credited} of ${limit}`;
}

/** The boosts of a result as the dashboard labels them: "Unique IP · 2x". */
export function boostLabels(row: BoostFlags): string[] {
  return boostBreakdown(row).map(formatBoost);
}
