import type { AdminBulkBan, AdminBulkOutcome } from '@netpulse/shared/admin';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** POST /admin/bans: bans the accounts with one reason; answers what happened to each. */
export async function banUsers(request: AdminBulkBan): Promise<AdminBulkOutcome> {
  return readData(await apiClient.post<AdminBulkOutcome>(`${ADMIN_API}/bans`, request));
}

export function useBanUsers(config: MutationConfig<typeof banUsers> = {}) {
  return useAdminMutation(banUsers, config);
}
