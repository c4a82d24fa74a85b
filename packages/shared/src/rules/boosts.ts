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

/** The boosts as people read them (decision 032: the spec's "Unique IP True" was a flag's value). */
export const BOOST_LABELS = {
  uniqueIp: 'Unique IP',
  location: 'Location',
  elite: 'Elite Role',
} as const;

/**
 * Spec section 9: the boosts behind a test's points: Unique IP (2x) when the IP
 * was not slashed, Location (2x) when the location was not slashed, and the
 * Elite Role boost (additional_boost times) when present.
 */
export function boostBreakdown(row: BoostFlags): Boost[] {
  const boosts: Boost[] = [];
  if (!row.is_ip_slashing) boosts.push({ label: BOOST_LABELS.uniqueIp, multiplier: 2 });
  if (!row.is_location_slashing) boosts.push({ label: BOOST_LABELS.location, multiplier: 2 });
  if (row.additional_boost !== null && row.additional_boost > 0) {
    boosts.push({ label: BOOST_LABELS.elite, multiplier: row.additional_boost });
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

/** A boost on one line, wherever boosts are listed: "Unique IP · 2x". */
export function formatBoost(boost: Boost): string {
  return `${boost.label} · ${formatMultiplier(boost.multiplier)}`;
}
