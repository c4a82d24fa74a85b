import type { Ndt7Direction } from '@netpulse/ndt7';
import { formatMbps } from '@/lib/format-number';

/** The gauge's full scale grows in steps so a fast link does not sit pinned at the end. */
const SCALES_MBPS = [100, 250, 500, 1000, 2500] as const;
/** Past the last step the arc is simply full. */
const TOP_SCALE_MBPS = 10_000;

/** The smallest scale that holds `mbps`. */
export function gaugeScale(mbps: number): number {
  return SCALES_MBPS.find((scale) => mbps <= scale) ?? TOP_SCALE_MBPS;
}

const DIRECTION_LABELS: Record<Ndt7Direction, string> = {
  download: 'Download speed',
  upload: 'Upload speed',
};

// A 240° arc on a 100 × 100 box: from the lower left round the top to the lower right.
const RADIUS = 40;
const SWEEP_DEGREES = 240;
const ARC_LENGTH = (2 * Math.PI * RADIUS * SWEEP_DEGREES) / 360;
const ARC_PATH = 'M 22.36 76.6 A 40 40 0 1 1 77.64 76.6';

/**
 * The live speed while a test runs: an arc filled to the current Mbps with the
 * number in its middle. A meter for assistive technology, its value in Mbit/s.
 */
export function SpeedGauge({ direction, mbps }: { direction: Ndt7Direction; mbps: number }) {
  const scale = gaugeScale(mbps);
  const filled = Math.min(mbps / scale, 1) * ARC_LENGTH;
  const label = DIRECTION_LABELS[direction];
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={scale}
      aria-valuenow={Math.round(mbps * 10) / 10}
      aria-valuetext={formatMbps(mbps)}
      data-testid="speed-gauge"
      className="flex flex-col items-center"
    >
      <svg viewBox="0 0 100 90" aria-hidden="true" className="w-48 max-w-full">
        <path
          d={ARC_PATH}
          fill="none"
          stroke="var(--color-surface-raised)"
          strokeWidth="8"
          strokeLinecap="round"
        />
        <path
          d={ARC_PATH}
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={`${filled} ${ARC_LENGTH}`}
          className="transition-[stroke-dasharray] duration-200"
        />
        <text
          x="50"
          y="52"
          textAnchor="middle"
          className="fill-ink text-[15px] font-semibold tabular-nums"
        >
          {mbps.toFixed(1)}
        </text>
        <text x="50" y="66" textAnchor="middle" className="fill-ink-muted text-[7px]">
          Mbit/s
        </text>
      </svg>
      <p className="text-sm font-medium text-ink-muted">{label}</p>
    </div>
  );
}
