import { saveCsvExport, useCsvExport } from '@/components/export-csv/use-csv-export';

/**
 * GET /points/export: every credited test of the network statistics, saved as CSV; with
 * the table's addresses hidden, the file has no IP address column at all.
 */
export function exportNetworkStatistics({ hideIp }: { hideIp: boolean }): Promise<void> {
  return saveCsvExport(
    '/api/points/export',
    hideIp ? { hideIp: 'true' } : {},
    'network-statistics.csv',
  );
}

export function useExportNetworkStatistics() {
  return useCsvExport(exportNetworkStatistics);
}
