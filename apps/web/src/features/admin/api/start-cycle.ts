import type { StartCycleRequest } from '@netpulse/shared/admin';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** POST /admin/cycles: ends the current cycle and starts the next; answers what happened. */
export async function startCycle(request: StartCycleRequest): Promise<string> {
  const envelope = await apiClient.post(`${ADMIN_API}/cycles`, request);
  return envelope.message;
}

export function useStartCycle(config: MutationConfig<typeof startCycle> = {}) {
  return useAdminMutation(startCycle, config);
}
