import { lazy, Suspense, useState } from 'react';
import type { EarningsChart as EarningsChartData } from '@netpulse/shared';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { ChartIcon } from '@/components/ui/signed-in-icons';
import { LoadingState } from '@/components/ui/spinner';
import { useEarningsChart } from '@/features/dashboard/api/get-earnings-chart';

// chart.js is fetched with this module, after the click, never with the dashboard.
const EarningsChart = lazy(async () => ({
  default: (await import('./earnings-chart')).EarningsChart,
}));

/** Whether the cycle has earned nothing yet: a chart of it would be a bare axis. */
const hasNoEarnings = ({ datasets }: EarningsChartData) =>
  Object.values(datasets).every((series) => series.every((bytes) => bytes === 0));

/** The Earnings Statistics area: empty until its placeholder is clicked, then the chart. */
export function EarningsStatistics({ className }: { className?: string }) {
  const [requested, setRequested] = useState(false);
  const chart = useEarningsChart({ enabled: requested });
  const loading = (
    <LoadingState label="Loading earnings statistics…" className="h-72 py-0 sm:h-80" />
  );

  let body;
  if (!requested) {
    body = (
      <button
        type="button"
        onClick={() => setRequested(true)}
        data-testid="load-earnings-chart"
        className="flex h-72 w-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line text-ink-muted transition-colors hover:border-accent/60 hover:bg-surface-raised/40 hover:text-ink sm:h-80"
      >
        <ChartIcon className="size-8 text-accent-strong" />
        <span className="text-sm font-semibold">Load earnings statistics</span>
      </button>
    );
  } else if (chart.isPending) {
    body = loading;
  } else if (chart.isError) {
    body = (
      <ErrorState
        message="The earnings statistics could not be loaded."
        onRetry={() => void chart.refetch()}
        className="h-72 justify-center sm:h-80"
      />
    );
  } else if (hasNoEarnings(chart.data)) {
    body = (
      <EmptyState
        message="No earnings in this cycle yet"
        detail="Bytes come from the speed tests the extension runs, from quests and the daily check-in, and from friends you refer."
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
    <Panel title="Earnings Statistics" className={className} testId="earnings-statistics">
      {body}
    </Panel>
  );
}
