import type { RecoveryCodes, TotpCodeRequest } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { TWO_FACTOR_PATH } from './get-two-factor';

/** POST /account/two-factor/recovery-codes { code }: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(request: TotpCodeRequest): Promise<string[]> {
  const envelope = await apiClient.post<RecoveryCodes>(
    `${TWO_FACTOR_PATH}/recovery-codes`,
    request,
  );
  return readData(envelope).recoveryCodes;
}

export function useRegenerateRecoveryCodes(
  config: MutationConfig<typeof regenerateRecoveryCodes> = {},
) {
  return useRefreshingMutation(regenerateRecoveryCodes, [accountKeys.twoFactor()], config);
}
