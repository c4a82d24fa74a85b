import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** DELETE /admin/invites/:inviteId: the code registers nobody any more; answers the server's words. */
export async function revokeInvite(inviteId: number): Promise<string> {
  const envelope = await apiClient.request('DELETE', `${ADMIN_API}/invites/${inviteId}`);
  return envelope.message;
}

export function useRevokeInvite(config: MutationConfig<typeof revokeInvite> = {}) {
  return useAdminMutation(revokeInvite, config);
}
