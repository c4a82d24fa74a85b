import type { TotpCodeRequest } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { TOTP_PATH } from './start-totp-setup';

/** DELETE /account/two-factor/totp { code }: the app off, its recovery codes gone. */
export async function turnOffTotp(request: TotpCodeRequest): Promise<void> {
  await apiClient.request('DELETE', TOTP_PATH, { body: request });
}

export function useTurnOffTotp(config: MutationConfig<typeof turnOffTotp> = {}) {
  return useRefreshingMutation(turnOffTotp, [accountKeys.twoFactor()], config);
}
