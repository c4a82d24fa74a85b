import { lazy, Suspense, useRef } from 'react';
import type { EarningsChart as EarningsChartData } from '@netpulse/shared';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { ChartIcon } from '@/components/ui/signed-in-icons';
import { LoadingState } from '@/components/ui/spinner';
import { useBrowserIdle } from '@/lib/browser-idle';
import { useVisibleFor } from '@/hooks/use-visible-for';
import { useEarningsChart } from '@/features/dashboard/api/get-earnings-chart';
import { useIntl } from '@/lib/i18n/use-intl';

// chart.js is fetched with this module once the area is in view, never with the dashboard.
const EarningsChart = lazy(async () => ({
  default: (await import('./earnings-chart')).EarningsChart,
}));

/** Whether the cycle has earned nothing yet: a chart of it would be a bare axis. */
const hasNoEarnings = ({ datasets }: EarningsChartData) =>
  Object.values(datasets).every((series) => series.every((bytes) => bytes === 0));

/** A quarter of the area on screen is "in view": the chart is then about to be looked at. */
const IN_VIEW = { threshold: 0.25, delayMs: 0 };

/**
 * The Earnings Statistics area: a placeholder until it comes into view, then the chart, with
 * no click. Its data and chart.js wait for the page's load and first idle moment too, so even
 * a dashboard that opens with the area in view loads them after its own first load.
 */
export function EarningsStatistics({ className }: { className?: string }) {
  const intl = useIntl();
  const area = useRef<HTMLDivElement>(null);
  const inView = useVisibleFor(area, IN_VIEW);
  const idle = useBrowserIdle();
  const requested = inView && idle;
  const chart = useEarningsChart({ enabled: requested });
  const loading = (
    <LoadingState
      label={intl.formatMessage({
        id: 'dashboard.earningsLoading',
        defaultMessage: 'Loading earnings statistics…',
      })}
      className="h-72 py-0 sm:h-80"
    />
  );

  let body;
  if (!requested) {
    body = (
      <div
        aria-hidden="true"
        data-testid="earnings-chart-placeholder"
        className="flex h-72 w-full items-center justify-center rounded-xl border border-dashed border-line text-ink-muted sm:h-80"
      >
        <ChartIcon className="size-8 text-accent-strong" />
      </div>
    );
  } else if (chart.isPending) {
    body = loading;
  } else if (chart.isError) {
    body = (
      <ErrorState
        message={intl.formatMessage({
          id: 'dashboard.earningsFailed',
          defaultMessage: 'The earnings statistics could not be loaded.',
        })}
        onRetry={() => void chart.refetch()}
        className="h-72 justify-center sm:h-80"
      />
    );
  } else if (hasNoEarnings(chart.data)) {
    body = (
      <EmptyState
        message={intl.formatMessage({
          id: 'dashboard.earningsEmptyTitle',
          defaultMessage: 'No earnings in this cycle yet',
        })}
        detail={intl.formatMessage({
          id: 'dashboard.earningsEmptyDetail',
          defaultMessage:
            'Bytes come from the speed tests the extension runs, from quests and the daily check-in, and from friends you refer.',
        })}
        className="h-72 justify-center py-0 sm:h-80"
      />
    );
  } else {
    body = (
      <Suspense fallback={loading}>
        <EarningsChart data={chart.data} />
      </Suspense>
    );
  }

  return (
    <Panel
      title={intl.formatMessage({
        id: 'dashboard.earningsTitle',
        defaultMessage: 'Earnings Statistics',
      })}
      className={className}
      testId="earnings-statistics"
    >
      <div ref={area}>{body}</div>
    </Panel>
  );
}
