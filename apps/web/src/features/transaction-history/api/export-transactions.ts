import { saveCsvExport, useCsvExport } from '@/components/export-csv/use-csv-export';
import type { TransactionsFilter } from './get-transactions';

export type TransactionsExportFilter = Omit<TransactionsFilter, 'pageNumber'>;

/** GET /transactions/export: the whole history with the list's filters, saved as CSV. */
export function exportTransactions(filter: TransactionsExportFilter): Promise<void> {
  return saveCsvExport(
    '/api/transactions/export',
    { season: filter.season, startDate: filter.startDate, endDate: filter.endDate },
    'transactions.csv',
  );
}

export function useExportTransactions() {
  return useCsvExport(exportTransactions);
}
