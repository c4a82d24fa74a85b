import type { AddPasskeyRequest, Passkey } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { PASSKEYS_PATH } from './get-passkeys';

interface RenamePasskeyVariables extends Pick<AddPasskeyRequest, 'name'> {
  passkeyId: string;
}

/** PATCH /account/passkeys/:id { name }. */
export async function renamePasskey({ passkeyId, name }: RenamePasskeyVariables): Promise<void> {
  await apiClient.request<Passkey>('PATCH', `${PASSKEYS_PATH}/${encodeURIComponent(passkeyId)}`, {
    body: { name },
  });
}

export function useRenamePasskey(config: MutationConfig<typeof renamePasskey> = {}) {
  return useRefreshingMutation(renamePasskey, [accountKeys.passkeys()], config);
}
