import type { AccountOverview, ChangeUsernameRequest } from '@netpulse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, profileKeys } from '@/api/query-keys';
import { refreshReads } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ACCOUNT_PATH } from './get-account';

/** PATCH /account/username: at most once in 30 days (the answer's refusal names the date). */
export async function changeUsername(request: ChangeUsernameRequest): Promise<void> {
  await apiClient.request<AccountOverview>('PATCH', `${ACCOUNT_PATH}/username`, {
    body: request,
  });
}

export function useChangeUsername(config: MutationConfig<typeof changeUsername> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changeUsername,
    onSuccess: async (...args) => {
      // The header shows the username from the profile.
      await refreshReads(queryClient, [accountKeys.overview(), profileKeys.all]);
      await config.onSuccess?.(...args);
    },
  });
}
