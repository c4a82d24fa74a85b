import { formatNumber } from '@netpulse/shared';
import { Panel } from '@/components/ui/panel';
import { useIntl } from '@/lib/i18n/use-intl';
import { OpenDataColumns } from './open-data-columns';
import { useOpenData } from '@/features/explorer/api/get-open-data';

/** A file's size as a person reads it: "0.7 kB", "12.4 kB", "1.2 MB" (never "690 byte"). */
function fileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [bytes / 1_000, 'kilobyte'];
  // The one digit rule: Latin digits in every language (formatNumber).
  return formatNumber(value, locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

/**
 * Words that stay as written in every language: a file's name, the licence's, the citation
 * (copied as it is). `translate="no"` tells a browser's translator, and the sweeps, so.
 */
const Verbatim = ({ children }: { children: string }) => <span translate="no">{children}</span>;

/**
 * The open data of the period shown: its files to download, each with its size and SHA-256,
 * under the licence the operator chose, with the line to cite it by.
 */
export function OpenDataSection({
  period,
  periodLabel,
}: {
  period: string;
  periodLabel: (period: string) => string;
}) {
  const intl = useIntl();
  const openData = useOpenData();
  const published = openData.data?.periods.find((candidate) => candidate.period === period);
  return (
    <Panel
      title={intl.formatMessage({ id: 'explorer.openData', defaultMessage: 'Open data' })}
      testId="explorer-open-data"
    >
      <div className="flex flex-col gap-4 text-sm text-ink-muted">
        {published ? (
          <ul className="flex flex-col gap-2">
            {published.files.map((file) => (
              <li key={file.name} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <a
                  href={file.url}
                  download
                  className="font-semibold text-accent-strong underline-offset-2 hover:underline"
                  data-testid={`explorer-download-${file.name}`}
                >
                  {intl.formatMessage(
                    { id: 'explorer.downloadFile', defaultMessage: '{file} ({period})' },
                    { file: <Verbatim>{file.name}</Verbatim>, period: periodLabel(period) },
                  )}
                </a>
                <span className="tabular-nums">{fileSize(file.bytes, intl.locale)}</span>
                <span className="min-w-0 font-mono text-xs break-all">
                  {intl.formatMessage(
                    { id: 'explorer.checksum', defaultMessage: 'Checksum (SHA-256): {checksum}' },
                    { checksum: file.sha256 },
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {intl.formatMessage({
              id: 'explorer.noOpenData',
              defaultMessage: 'No files are published for this period yet.',
            })}
          </p>
        )}
        <OpenDataColumns />
        {openData.data && (
          <>
            <p>
              {intl.formatMessage(
                {
                  id: 'explorer.license',
                  defaultMessage: 'Published under the {license} licence.',
                },
                { license: <Verbatim>{openData.data.license}</Verbatim> },
              )}
            </p>
            <p>
              {intl.formatMessage(
                { id: 'explorer.citeAs', defaultMessage: 'Cite as: {citation}' },
                { citation: <Verbatim>{openData.data.citation}</Verbatim> },
              )}
            </p>
          </>
        )}
      </div>
    </Panel>
  );
}
