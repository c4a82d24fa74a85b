import { saveCsvExport, useCsvExport } from '@/components/export-csv/use-csv-export';
import { ACCOUNT_PATH } from './get-account';

/**
 * GET /account/export: everything the product holds about the person, one JSON document,
 * fetched with the session's token and saved under the name the server gives it. The CSV
 * exports' helper does exactly that, whatever the file's type.
 */
export function exportAccountData(): Promise<void> {
  return saveCsvExport(`${ACCOUNT_PATH}/export`, {}, 'account-data.json');
}

export function useExportAccountData() {
  return useCsvExport(exportAccountData);
}
