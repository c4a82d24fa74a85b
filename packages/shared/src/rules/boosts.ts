import { SPEEDTEST_BASE_POINTS } from '../constants.ts';

export interface BoostFlags {
  is_ip_slashing: boolean;
  is_location_slashing: boolean;
  additional_boost: number | null;
}

export interface Boost {
  label: string;
  multiplier: number;
}

/**
 * Spec section 9: the boosts behind a test's points: Unique IP (2x) when the IP
 * was not slashed, Location On (2x) when the location was not slashed, and the
 * Elite Role boost (additional_boost times) when present.
 */
export function boostBreakdown(row: BoostFlags): Boost[] {
  const boosts: Boost[] = [];
  if (!row.is_ip_slashing) boosts.push({ label: 'Unique IP True', multiplier: 2 });
  if (!row.is_location_slashing) boosts.push({ label: 'Location On', multiplier: 2 });
  if (row.additional_boost !== null && row.additional_boost > 0) {
    boosts.push({ label: 'Elite Role boost', multiplier: row.additional_boost });
  }
  return boosts;
}

/** docs/ARCHITECTURE.md section 5: 50 Bytes times every boost that applies, rounded to whole Bytes. */
export function speedtestPoints(row: BoostFlags): number {
  return Math.round(
    boostBreakdown(row).reduce((points, boost) => points * boost.multiplier, SPEEDTEST_BASE_POINTS),
  );
}

/** "2x", "1.5x": how a multiplier reads in the breakdown. */
export function formatMultiplier(multiplier: number): string {
  return `${Number(multiplier.toFixed(2))}x`;
}
