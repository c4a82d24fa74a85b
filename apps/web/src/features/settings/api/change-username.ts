import type { AccountOverview, ChangeUsernameRequest } from '@netpulse/shared';
import { accountKeys, profileKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
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
  // The header shows the username from the profile.
  return useRefreshingMutation(changeUsername, [accountKeys.overview(), profileKeys.all], config);
}
