import type { ChangeEmailRequest } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ACCOUNT_PATH } from './get-account';

/**
 * POST /account/email: mails a link to the new address, which confirms it; the address stays
 * the old one until then (the overview shows it pending).
 */
export async function changeEmail(request: ChangeEmailRequest): Promise<void> {
  await apiClient.post(`${ACCOUNT_PATH}/email`, request);
}

export function useChangeEmail(config: MutationConfig<typeof changeEmail> = {}) {
  return useRefreshingMutation(changeEmail, [accountKeys.overview()], config);
}
