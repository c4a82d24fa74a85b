import { lazy, Suspense } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { LoadingState } from '@/components/ui/spinner';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { useOverview } from '@/features/admin/api/get-overview';
import { Time } from '@/components/ui/time';
import { QuestPlatformsPanel } from './quest-platforms-panel';

// chart.js is a chunk of its own, fetched once the figures are here (as for the earnings chart).
const OverviewCharts = lazy(async () => ({
  default: (await import('./overview-charts')).OverviewCharts,
}));

/** The console's first screen: the network at a glance. */
export function OverviewScreen() {
  const intl = useIntl();
  const overview = useOverview();
  const data = overview.data;
  const failed = overview.isError;
  const sum = (values: readonly { count: number }[]) =>
    values.reduce((total, value) => total + value.count, 0);

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.overview', defaultMessage: 'Overview' })}
      />
      <StatGrid>
        <StatCard
          label={intl.formatMessage({
            id: 'console.overview.activeNodes',
            defaultMessage: 'Active nodes',
          })}
          testId="overview-active-nodes"
          failed={failed}
          value={data && formatPoints(data.activeNodes)}
        />
        <StatCard
          label={intl.formatMessage({
            id: 'console.overview.currentCycle',
            defaultMessage: 'Current cycle',
          })}
          testId="overview-cycle"
          failed={failed}
          value={
            data &&
            intl.formatMessage(
              { id: 'console.cycleName', defaultMessage: '{name} Cycle' },
              { name: data.currentCycle.name },
            )
          }
        />
        <StatCard
          label={intl.formatMessage({
            id: 'console.overview.cycleEnds',
            defaultMessage: 'Cycle ends',
          })}
          testId="overview-cycle-end"
          failed={failed}
          value={
            data &&
            (data.currentCycle.endsAt ? (
              <span className="text-lg">
                <Time iso={data.currentCycle.endsAt} />
              </span>
            ) : (
              <span className="text-lg text-ink-muted">
                {intl.formatMessage({
                  id: 'console.overview.noEndPlanned',
                  defaultMessage: 'No end planned',
                })}
              </span>
            ))
          }
        />
        <StatCard
          label={intl.formatMessage({
            id: 'console.overview.testsIn7Days',
            defaultMessage: 'Tests in 7 days',
          })}
          testId="overview-tests"
          failed={failed}
          value={data && formatPoints(sum(data.testsPerHour))}
        />
      </StatGrid>
      <QuestPlatformsPanel />
      {failed ? (
        <ErrorState
          message={intl.formatMessage({
            id: 'console.overview.loadFailed',
            defaultMessage: 'The overview could not be loaded.',
          })}
          onRetry={() => void overview.refetch()}
        />
      ) : data ? (
        <Suspense
          fallback={
            <LoadingState
              label={intl.formatMessage({
                id: 'console.overview.loadingCharts',
                defaultMessage: 'Loading the charts…',
              })}
            />
          }
        >
          <OverviewCharts overview={data} />
        </Suspense>
      ) : (
        <LoadingState
          label={intl.formatMessage({
            id: 'console.overview.loading',
            defaultMessage: 'Loading the overview…',
          })}
        />
      )}
    </section>
  );
}
