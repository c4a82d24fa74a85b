import type { FirstRunState } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /first-run: which of the checklist's steps the account has done (docs/decisions/033). */
export async function getFirstRun(signal?: AbortSignal): Promise<FirstRunState> {
  return readData(await apiClient.get<FirstRunState>('/api/first-run', { signal }));
}

/**
 * The checklist's state. Coming back to the tab asks again: the extension and a
 * friend's sign-up happen elsewhere. A failure shows nothing: the list is a guide,
 * not the dashboard's content.
 */
export function useFirstRun({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dashboardKeys.firstRun(),
    queryFn: ({ signal }) => getFirstRun(signal),
    enabled,
    refetchOnWindowFocus: true,
  });
}
