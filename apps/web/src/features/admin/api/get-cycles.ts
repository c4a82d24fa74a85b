import type { AdminCycles } from '@netpulse/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';

/** GET /admin/cycles: every cycle so far and the one the next start begins. */
export async function getCycles(signal?: AbortSignal): Promise<AdminCycles> {
  return readData(await apiClient.get<AdminCycles>(`${ADMIN_API}/cycles`, { signal }));
}

export function useCycles() {
  return useQuery({ queryKey: adminKeys.cycles(), queryFn: ({ signal }) => getCycles(signal) });
}
