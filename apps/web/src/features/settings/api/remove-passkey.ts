import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { PASSKEYS_PATH } from './get-passkeys';

/** DELETE /account/passkeys/:id: the passkey no longer signs in. */
export async function removePasskey(passkeyId: string): Promise<void> {
  await apiClient.request('DELETE', `${PASSKEYS_PATH}/${encodeURIComponent(passkeyId)}`);
}

export function useRemovePasskey(config: MutationConfig<typeof removePasskey> = {}) {
  return useRefreshingMutation(removePasskey, [accountKeys.passkeys()], config);
}
