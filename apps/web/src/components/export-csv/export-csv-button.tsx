import { Button } from '@/components/ui/button';

interface ExportCsvButtonProps {
  /** Starts the export; the button is busy until it ends. */
  onExport: () => void;
  exporting: boolean;
  testId: string;
}

/** "Export CSV" beside a list's filters; busy (spinner, disabled) while the file downloads. */
export function ExportCsvButton({ onExport, exporting, testId }: ExportCsvButtonProps) {
  return (
    <Button variant="secondary" isLoading={exporting} onClick={onExport} data-testid={testId}>
      Export CSV
    </Button>
  );
}
