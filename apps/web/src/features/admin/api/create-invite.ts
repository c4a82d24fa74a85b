import type { AdminInvite, CreateInviteRequest } from '@netpulse/shared/admin';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** POST /admin/invites: a new code with its number of uses and an optional note. */
export async function createInvite(request: CreateInviteRequest): Promise<AdminInvite> {
  return readData(await apiClient.post<AdminInvite>(`${ADMIN_API}/invites`, request));
}

export function useCreateInvite(config: MutationConfig<typeof createInvite> = {}) {
  return useAdminMutation(createInvite, config);
}
