import type { DeleteAccountRequest } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ACCOUNT_PATH } from './get-account';

/** DELETE /account: the account's personal data erased at once; its sessions end with it. */
export async function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  await apiClient.request('DELETE', ACCOUNT_PATH, { body: request });
}

export function useDeleteAccount(config: MutationConfig<typeof deleteAccount> = {}) {
  return useMutation({ ...config, mutationFn: deleteAccount });
}
