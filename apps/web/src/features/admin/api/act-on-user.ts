import type { AdminUserAction } from '@netpulse/shared/admin';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

export interface UserActionVariables {
  userId: number;
  action: AdminUserAction;
}

/** POST /admin/users/:userId/actions: answers what was done, in words (the toast). */
export async function actOnUser({ userId, action }: UserActionVariables): Promise<string> {
  const envelope = await apiClient.post(`${ADMIN_API}/users/${userId}/actions`, action);
  return envelope.message;
}

export function useActOnUser(config: MutationConfig<typeof actOnUser> = {}) {
  return useAdminMutation(actOnUser, config);
}
