import type { TwoFactorStatus } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { ACCOUNT_PATH } from './get-account';

export const TWO_FACTOR_PATH = `${ACCOUNT_PATH}/two-factor`;

/** GET /account/two-factor: whether the authenticator app is on, its codes left, the passkeys. */
export async function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return readData(await apiClient.get<TwoFactorStatus>(TWO_FACTOR_PATH, { signal }));
}

export function useTwoFactor() {
  return useQuery({
    queryKey: accountKeys.twoFactor(),
    queryFn: ({ signal }) => getTwoFactor(signal),
  });
}
