import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { refreshReads } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { PASSKEYS_PATH } from './get-passkeys';

/** DELETE /account/passkeys/:id: the passkey no longer signs in. */
export async function removePasskey(passkeyId: string): Promise<void> {
  await apiClient.request('DELETE', `${PASSKEYS_PATH}/${encodeURIComponent(passkeyId)}`);
}

export function useRemovePasskey(config: MutationConfig<typeof removePasskey> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: removePasskey,
    onSuccess: async (...args) => {
      await refreshReads(queryClient, [accountKeys.passkeys(), accountKeys.twoFactor()]);
      await config.onSuccess?.(...args);
    },
  });
}
