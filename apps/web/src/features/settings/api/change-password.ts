import type { ChangePasswordRequest } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ACCOUNT_PATH } from './get-account';

/** POST /account/password: every other browser is signed out; this one and the extension stay. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiClient.post(`${ACCOUNT_PATH}/password`, request);
}

export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  // The other browsers' sessions are gone from the list.
  return useRefreshingMutation(changePassword, [accountKeys.sessions()], config);
}
