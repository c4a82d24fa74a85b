import type { RecoveryCodes, TotpCodeRequest } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { TOTP_PATH } from './start-totp-setup';

/** POST /account/two-factor/totp/confirm: turns the app on; answers the ten recovery codes, once. */
export async function confirmTotp(request: TotpCodeRequest): Promise<string[]> {
  const envelope = await apiClient.post<RecoveryCodes>(`${TOTP_PATH}/confirm`, request);
  return readData(envelope).recoveryCodes;
}

export function useConfirmTotp(config: MutationConfig<typeof confirmTotp> = {}) {
  return useRefreshingMutation(confirmTotp, [accountKeys.twoFactor()], config);
}
