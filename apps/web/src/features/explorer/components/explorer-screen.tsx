import { formattingLocale } from '@netpulse/shared';
import { useMemo, useState } from 'react';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { StatCard } from '@/components/ui/stat-card';
import { getPublicConfig } from '@/config/public-config';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import {
  explorerPeriods,
  LAST_30_DAYS,
  quartilesOf,
} from '@/features/explorer/api/explorer-figures';
import { useExplorerCells } from '@/features/explorer/api/get-explorer-cells';
import { useExplorerCountries } from '@/features/explorer/api/get-explorer-countries';
import { useExplorerSummary } from '@/features/explorer/api/get-explorer-summary';
import { resolutionForScale, WHOLE_WORLD, type MapView } from '@/features/explorer/map/map-view';
import { EXPLORER_METRICS, type ExplorerMetric } from '@/features/explorer/map/metric-scale';
import { CountryTable } from './country-table';
import { ExplorerMap } from './explorer-map';
import { MapLegend } from './map-legend';
import { formatMetric, medianLabel, metricLabel } from './metric-texts';
import { OpenDataSection } from './open-data-section';

/** The server's default, said until the summary tells the one it uses. */
const DEFAULT_MIN_ACCOUNTS = 5;

/** The period as the picker names it: "Last 30 days", or the month in the page's language. */
function usePeriodLabel() {
  const intl = useIntl();
  return (period: string) =>
    period === LAST_30_DAYS
      ? intl.formatMessage({ id: 'explorer.last30Days', defaultMessage: 'Last 30 days' })
      : new Intl.DateTimeFormat(formattingLocale(intl.locale), {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${period}-01T00:00:00Z`));
}

/** The metric switch: three buttons of which one is pressed, as a radio group reads. */
function MetricSwitch({
  metric,
  onChange,
}: {
  metric: ExplorerMetric;
  onChange: (metric: ExplorerMetric) => void;
}) {
  const intl = useIntl();
  return (
    <div
      role="radiogroup"
      aria-label={intl.formatMessage({ id: 'explorer.metric', defaultMessage: 'Metric' })}
      className="inline-flex max-w-full flex-wrap rounded-lg border border-line bg-surface-raised p-1"
    >
      {EXPLORER_METRICS.map((choice) => (
        <button
          key={choice}
          type="button"
          role="radio"
          aria-checked={choice === metric}
          data-testid={`explorer-metric-${choice}`}
          onClick={() => onChange(choice)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-semibold',
            choice === metric ? 'bg-accent text-accent-ink' : 'text-ink-muted hover:text-ink',
          )}
        >
          {metricLabel(intl, choice)}
        </button>
      ))}
    </div>
  );
}

/**
 * The public network explorer (issue 31): what the network measured, by place and period,
 * from figures that each describe enough accounts that nobody can be picked out. No sign-in.
 */
export function ExplorerScreen() {
  const intl = useIntl();
  const { productName } = getPublicConfig();
  // The page comes prerendered, made at build time: the months it offers are the visitor's,
  // so they join the picker once the page runs (its markup and hydration offer only the last 30 days).
  const hydrated = useHydrated();
  const periods = useMemo(
    () => (hydrated ? explorerPeriods(new Date()) : [LAST_30_DAYS]),
    [hydrated],
  );
  const periodLabel = usePeriodLabel();
  const [period, setPeriod] = useState(LAST_30_DAYS);
  const [metric, setMetric] = useState<ExplorerMetric>('download');
  const [view, setView] = useState<MapView>(WHOLE_WORLD);
  const resolution = resolutionForScale(view.scale);

  const summary = useExplorerSummary(period);
  const cells = useExplorerCells(period, resolution);
  const countries = useExplorerCountries(period);
  // A period never built, or built from no test: nothing to draw.
  const nothingYet = summary.data !== undefined && (summary.data.network?.tests ?? 0) === 0;

  const totals = summary.data?.network ?? undefined;

  return (
    <section className="flex w-full max-w-6xl flex-col gap-6" data-testid="explorer">
      <PageHeading
        title={intl.formatMessage({ id: 'explorer.title', defaultMessage: 'Network explorer' })}
      >
        <p className="max-w-3xl text-sm text-ink-muted">
          {intl.formatMessage(
            {
              id: 'explorer.intro',
              defaultMessage:
                'The speeds {productName} nodes measured, by place. Each area shown holds tests from at least {minimum} different accounts, and each node counts once a day, so nobody can be picked out.',
            },
            { productName, minimum: summary.data?.min_accounts ?? DEFAULT_MIN_ACCOUNTS },
          )}
        </p>
      </PageHeading>

      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={intl.formatMessage({ id: 'explorer.period', defaultMessage: 'Period' })}
          options={periods.map((value) => ({ value, label: periodLabel(value) }))}
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
          data-testid="explorer-period"
          className="min-w-48"
        />
        <MetricSwitch metric={metric} onChange={setMetric} />
      </div>

      {summary.isError ? (
        <ErrorState
          message={intl.formatMessage({
            id: 'explorer.loadFailed',
            defaultMessage: 'The figures could not be loaded. Try again in a moment.',
          })}
          onRetry={() => void summary.refetch()}
        />
      ) : nothingYet ? (
        <EmptyState
          message={intl.formatMessage({
            id: 'explorer.emptyPeriod',
            defaultMessage: 'Nothing to show for this period yet.',
          })}
          detail={intl.formatMessage({
            id: 'explorer.emptyPeriodDetail',
            defaultMessage:
              'The figures are rebuilt every day from the tests of the period. Choose another period, or come back tomorrow.',
          })}
        />
      ) : (
        <>
          <dl
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5"
            data-testid="explorer-totals"
          >
            <StatCard
              label={intl.formatMessage({ id: 'explorer.totalTests', defaultMessage: 'Tests' })}
              value={totals && formatCount(totals.tests)}
              failed={summary.isError}
            />
            <StatCard
              label={intl.formatMessage({ id: 'explorer.totalNodes', defaultMessage: 'Nodes' })}
              value={totals && formatCount(totals.nodes)}
              failed={summary.isError}
            />
            {EXPLORER_METRICS.map((choice) => {
              const median = totals ? quartilesOf(totals, choice)?.median : undefined;
              return (
                <StatCard
                  key={choice}
                  label={medianLabel(intl, choice)}
                  value={totals && (median === undefined ? '–' : formatMetric(choice, median))}
                />
              );
            })}
          </dl>

          <Panel
            title={intl.formatMessage({ id: 'explorer.mapTitle', defaultMessage: 'Map' })}
            actions={<MapLegend metric={metric} />}
            testId="explorer-map-panel"
          >
            <ExplorerMap
              cells={cells.data ?? []}
              metric={metric}
              view={view}
              onViewChange={setView}
            />
          </Panel>

          <Panel
            title={intl.formatMessage({ id: 'explorer.countries', defaultMessage: 'Countries' })}
          >
            <CountryTable
              countries={countries.data ?? []}
              metric={metric}
              isLoading={countries.isPending}
            />
          </Panel>
        </>
      )}

      <OpenDataSection period={period} periodLabel={periodLabel} />
    </section>
  );
}
