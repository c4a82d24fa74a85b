import { useMemo, useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/text-field';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { formatCount } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { quartilesOf } from '@/features/explorer/api/explorer-figures';
import type { ExplorerCountry } from '@netpulse/shared';
import { higherIsBetter, type ExplorerMetric } from '@/features/explorer/map/metric-scale';
import { formatMetric, medianLabel, metricLabel } from './metric-texts';

/**
 * Names countries in the page's language, else by their code (an old browser, a new code).
 * One `Intl.DisplayNames` serves every row: making one is far dearer than asking it. `lang`
 * is the language the names are in: the browser's data may lack the page's (the
 * pseudo-locale's names are English), and a name then says so to a screen reader.
 */
function countryNamer(locale: string): { nameOf: (code: string) => string; lang?: string } {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return { nameOf: (code) => code };
  }
  const nameOf = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return { nameOf, lang: names.resolvedOptions().locale };
}

interface NamedCountry {
  country: ExplorerCountry;
  name: string;
  /** The name's language, when it is known. */
  lang?: string;
}

const columns = (intl: PageFormatter, metric: ExplorerMetric): Column<NamedCountry>[] => [
  {
    id: 'country',
    header: intl.formatMessage({ id: 'explorer.columnCountry', defaultMessage: 'Country' }),
    cell: ({ name, lang }) => (
      <span className="font-semibold" lang={lang}>
        {name}
      </span>
    ),
  },
  {
    id: 'median',
    header: medianLabel(intl, metric),
    cell: ({ country }) => {
      const figures = quartilesOf(country, metric);
      if (!figures) return '–';
      return (
        <span className="flex flex-col tabular-nums">
          <span className="font-semibold">{formatMetric(metric, figures.median)}</span>
          <span className="text-xs text-ink-muted">
            {intl.formatMessage(
              { id: 'explorer.middleHalf', defaultMessage: 'Middle half: {low} to {high}' },
              { low: formatMetric(metric, figures.p25), high: formatMetric(metric, figures.p75) },
            )}
          </span>
        </span>
      );
    },
  },
  {
    id: 'tests',
    header: intl.formatMessage({ id: 'explorer.columnTests', defaultMessage: 'Tests' }),
    cell: ({ country }) => <span className="tabular-nums">{formatCount(country.tests)}</span>,
  },
  {
    id: 'nodes',
    header: intl.formatMessage({ id: 'explorer.columnNodes', defaultMessage: 'Nodes' }),
    cell: ({ country }) => <span className="tabular-nums">{formatCount(country.nodes)}</span>,
  },
];

/** Best first: the fastest median speed, or the lowest median latency; unmeasured last. */
function byMedian(metric: ExplorerMetric) {
  const sign = higherIsBetter(metric) ? -1 : 1;
  return (a: NamedCountry, b: NamedCountry) => {
    const first = quartilesOf(a.country, metric)?.median;
    const second = quartilesOf(b.country, metric)?.median;
    if (first === undefined) return second === undefined ? a.name.localeCompare(b.name) : 1;
    if (second === undefined) return -1;
    return sign * (first - second) || a.name.localeCompare(b.name);
  };
}

interface CountryTableProps {
  countries: readonly ExplorerCountry[];
  metric: ExplorerMetric;
  isLoading: boolean;
}

/**
 * The countries listed for the period, sorted by the metric's median and searchable by name
 * or code: what the map shows, in text (the map's accessible alternative).
 */
export function CountryTable({ countries, metric, isLoading }: CountryTableProps) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const named = useMemo(() => {
    const { nameOf, lang } = countryNamer(intl.locale);
    return countries.map((country) => ({ country, name: nameOf(country.country), lang }));
  }, [countries, intl.locale]);
  const query = search.trim().toLocaleLowerCase(intl.locale);
  const rows = named
    .filter(
      ({ country, name }) =>
        !query ||
        name.toLocaleLowerCase(intl.locale).includes(query) ||
        country.country.toLowerCase() === query,
    )
    .sort(byMedian(metric));

  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={intl.formatMessage({
          id: 'explorer.searchCountries',
          defaultMessage: 'Search countries',
        })}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="sm:max-w-xs"
      />
      <DataTable
        caption={intl.formatMessage(
          {
            id: 'explorer.countriesCaption',
            defaultMessage: 'Countries by {metric}, best first',
          },
          { metric: metricLabel(intl, metric) },
        )}
        testId="explorer-countries"
        columns={columns(intl, metric)}
        rows={rows}
        rowKey={({ country }) => country.country}
        isLoading={isLoading}
        loadingLabel={intl.formatMessage({
          id: 'explorer.loadingCountries',
          defaultMessage: 'Loading the countries',
        })}
        empty={
          <EmptyState
            message={
              query
                ? intl.formatMessage({
                    id: 'explorer.noCountryMatches',
                    defaultMessage: 'No country matches your search.',
                  })
                : intl.formatMessage({
                    id: 'explorer.noCountries',
                    defaultMessage: 'No country has enough testers in this period yet.',
                  })
            }
          />
        }
      />
    </div>
  );
}
