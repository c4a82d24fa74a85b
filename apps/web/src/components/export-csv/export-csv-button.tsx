import { Button } from '@/components/ui/button';
import { useIntl } from '@/lib/i18n/use-intl';

interface ExportCsvButtonProps {
  /** Starts the export; the button is busy until it ends. */
  onExport: () => void;
  exporting: boolean;
  testId: string;
}

/** "Export CSV" beside a list's filters; busy (spinner, disabled) while the file downloads. */
export function ExportCsvButton({ onExport, exporting, testId }: ExportCsvButtonProps) {
  const intl = useIntl();
  return (
    <Button variant="secondary" isLoading={exporting} onClick={onExport} data-testid={testId}>
      {intl.formatMessage({ id: 'exportCsv.button', defaultMessage: 'Export CSV' })}
    </Button>
  );
}
