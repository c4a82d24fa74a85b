import { formatMbps, GAUGE_ARC, gaugeReading, type GaugeDirection } from '@netpulse/shared';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * The live speed while a test runs: an arc filled to the current Mbps with the
 * number in its middle. A meter for assistive technology, its value in Mbit/s.
 * The drawing and its figures are shared with the extension popup's gauge
 * (packages/shared measurements.ts), so both read the same.
 */
export function SpeedGauge({ direction, mbps }: { direction: GaugeDirection; mbps: number }) {
  const intl = useIntl();
  const reading = gaugeReading(mbps);
  // The shared GAUGE_LABELS (the extension popup's) in the page's language.
  const label =
    direction === 'download'
      ? intl.formatMessage({ id: 'nodes.gaugeDownload', defaultMessage: 'Download speed' })
      : intl.formatMessage({ id: 'nodes.gaugeUpload', defaultMessage: 'Upload speed' });
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={reading.scale}
      aria-valuenow={reading.value}
      aria-valuetext={formatMbps(mbps)}
      data-testid="speed-gauge"
      className="flex flex-col items-center"
    >
      <svg viewBox={GAUGE_ARC.viewBox} aria-hidden="true" className="w-48 max-w-full">
        <path
          d={GAUGE_ARC.path}
          fill="none"
          stroke="var(--color-surface-raised)"
          strokeWidth={GAUGE_ARC.strokeWidth}
          strokeLinecap="round"
        />
        <path
          d={GAUGE_ARC.path}
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth={GAUGE_ARC.strokeWidth}
          strokeLinecap="round"
          strokeDasharray={`${reading.filledLength} ${GAUGE_ARC.length}`}
          className="transition-[stroke-dasharray] duration-200"
        />
        <text
          x="50"
          y="52"
          textAnchor="middle"
          className="fill-ink text-[15px] font-semibold tabular-nums"
        >
          {reading.figure}
        </text>
        <text x="50" y="66" textAnchor="middle" className="fill-ink-muted text-[7px]">
          {intl.formatMessage({ id: 'nodes.gaugeUnit', defaultMessage: 'Mbit/s' })}
        </text>
      </svg>
      <p className="text-sm font-medium text-ink-muted">{label}</p>
    </div>
  );
}
