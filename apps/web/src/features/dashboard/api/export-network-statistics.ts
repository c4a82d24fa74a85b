import { saveCsvExport, useCsvExport } from '@/components/export-csv/use-csv-export';

/** GET /points/export: every credited test of the network statistics, saved as CSV. */
export function exportNetworkStatistics(): Promise<void> {
  return saveCsvExport('/api/points/export', {}, 'network-statistics.csv');
}

export function useExportNetworkStatistics() {
  return useCsvExport<void>(exportNetworkStatistics);
}
