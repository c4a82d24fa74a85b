import type { ChangePasswordRequest } from '@netpulse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ACCOUNT_PATH } from './get-account';

/** POST /account/password: every other browser is signed out; this one and the extension stay. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiClient.post(`${ACCOUNT_PATH}/password`, request);
}

export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changePassword,
    onSuccess: async (...args) => {
      // The other browsers' sessions are gone from the list.
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
      await config.onSuccess?.(...args);
    },
  });
}
