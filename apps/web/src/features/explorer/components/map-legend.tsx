import { useIntl } from '@/lib/i18n/use-intl';
import { scaleSteps, type ExplorerMetric } from '@/features/explorer/map/metric-scale';
import { formatMetric, medianLabel } from './metric-texts';

/** What each colour of the map means for the metric shown: a range per step. */
export function MapLegend({ metric }: { metric: ExplorerMetric }) {
  const intl = useIntl();
  return (
    <figure className="flex flex-col gap-2" data-testid="explorer-legend">
      <figcaption className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {medianLabel(intl, metric)}
      </figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-ink-muted">
        {scaleSteps(metric).map((step) => (
          <li key={step.from} className="flex items-center gap-1.5 tabular-nums">
            <span
              aria-hidden="true"
              className="inline-block size-3.5 rounded-sm border border-line"
              style={{ backgroundColor: step.colour }}
            />
            {step.to === null
              ? intl.formatMessage(
                  { id: 'explorer.legendFrom', defaultMessage: '{from} or more' },
                  { from: formatMetric(metric, step.from) },
                )
              : step.from === 0
                ? intl.formatMessage(
                    { id: 'explorer.legendUnder', defaultMessage: 'under {to}' },
                    { to: formatMetric(metric, step.to) },
                  )
                : intl.formatMessage(
                    { id: 'explorer.legendRange', defaultMessage: '{from} to {to}' },
                    { from: formatMetric(metric, step.from), to: formatMetric(metric, step.to) },
                  )}
          </li>
        ))}
      </ul>
    </figure>
  );
}
