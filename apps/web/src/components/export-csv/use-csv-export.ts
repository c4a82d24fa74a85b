/**
 * The one way the screens export a list as CSV, beside its button:
 * fetch the export through the API client (bearer token, refresh on 401), save
 * the file under the name the server gave, and on failure toast the server's
 * message. Each feature's api/ file names its endpoint and filters.
 */
import { useMutation } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { saveFile } from '@/lib/download-file';
import { toast } from '@/lib/toast';

type QueryValue = string | number | undefined;

/** Downloads the export at `path` with `query` and saves it; `fallbackName` when the server named none. */
export async function saveCsvExport(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<void> {
  const file = await apiClient.download(path, { query });
  saveFile(file.blob, file.fileName ?? fallbackName);
}

/** A mutation that runs an export; its `isPending` is the button's busy state. */
export function useCsvExport<Filters>(exportFn: (filters: Filters) => Promise<void>) {
  return useMutation({
    mutationFn: exportFn,
    onError: (error) => {
      // A failed refresh already sent the user to login.
      if (isApiError(error) && error.sessionExpired) return;
      toast.error(apiFailureMessage(error));
    },
  });
}
