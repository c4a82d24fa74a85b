/**
 * A speed test's figures as they read on every screen, the web app's and the extension
 * popup's alike (decision 031): speeds, round trips, and the live gauge's arc.
 * In another `locale`, the language's grouping, decimal mark and unit ("93,4 Мбит/c").
 */
import { isSourceLanguage, numberFormat } from './locale-format.ts';

/** A speed: "93.4 Mbit/s", "1,234.5 Mbit/s". */
export function formatMbps(value: number, locale?: string): string {
  if (isSourceLanguage(locale)) {
    return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(value)} Mbit/s`;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: 'megabit-per-second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A round trip in whole ms: "12 ms"; below 1 ms (the same machine, a LAN) "< 1 ms", never "0 ms". */
export function formatLatency(value: number, locale?: string): string {
  if (isSourceLanguage(locale)) {
    if (value < 1) return '< 1 ms';
    return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ms`;
  }
  const format = numberFormat(locale, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  });
  return value < 1 ? `< ${format.format(1)}` : format.format(value);
}

/** The gauge's full scale grows in steps so a fast link does not sit pinned at the end. */
const GAUGE_SCALES_MBPS = [100, 250, 500, 1000, 2500] as const;
/** Past the last step the arc is simply full. */
const GAUGE_TOP_SCALE_MBPS = 10_000;

/** The smallest scale that holds `mbps`. */
export function gaugeScale(mbps: number): number {
  return GAUGE_SCALES_MBPS.find((scale) => mbps <= scale) ?? GAUGE_TOP_SCALE_MBPS;
}

// A 240° arc on a 100 × 90 box: from the lower left round the top to the lower right.
const GAUGE_RADIUS = 40;
const GAUGE_SWEEP_DEGREES = 240;

/** The gauge's drawing, shared by the page's React gauge and the popup's DOM one. */
export const GAUGE_ARC = {
  viewBox: '0 0 100 90',
  path: 'M 22.36 76.6 A 40 40 0 1 1 77.64 76.6',
  length: (2 * Math.PI * GAUGE_RADIUS * GAUGE_SWEEP_DEGREES) / 360,
  strokeWidth: 8,
} as const;

export type GaugeDirection = 'download' | 'upload';

export const GAUGE_LABELS: Record<GaugeDirection, string> = {
  download: 'Download speed',
  upload: 'Upload speed',
};

/**
 * What the gauge shows for a live speed: its scale, how much of the arc is filled, the figure
 * ("93.4"; in another `locale` with its decimal mark, "93,4").
 */
export function gaugeReading(
  mbps: number,
  locale?: string,
): {
  scale: number;
  filledLength: number;
  figure: string;
  /** The meter's value for assistive technology, to one decimal. */
  value: number;
} {
  const scale = gaugeScale(mbps);
  return {
    scale,
    filledLength: Math.min(mbps / scale, 1) * GAUGE_ARC.length,
    figure: isSourceLanguage(locale)
      ? mbps.toFixed(1)
      : numberFormat(locale, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
          useGrouping: false,
        }).format(mbps),
    value: Math.round(mbps * 10) / 10,
  };
}
