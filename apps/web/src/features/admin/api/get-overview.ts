import type { AdminOverview } from '@netpulse/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';

/** GET /admin/overview: the figures of the console's first screen. */
export async function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return readData(await apiClient.get<AdminOverview>(`${ADMIN_API}/overview`, { signal }));
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });
}
