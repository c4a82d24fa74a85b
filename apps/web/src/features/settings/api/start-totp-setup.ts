import type { TotpSetup } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { TWO_FACTOR_PATH } from './get-two-factor';

export const TOTP_PATH = `${TWO_FACTOR_PATH}/totp`;

/** POST /account/two-factor/totp: a new secret for the app, off until a first code confirms it. */
export async function startTotpSetup(): Promise<TotpSetup> {
  return readData(await apiClient.post<TotpSetup>(TOTP_PATH));
}

export function useStartTotpSetup(config: MutationConfig<typeof startTotpSetup> = {}) {
  return useMutation({ ...config, mutationFn: startTotpSetup });
}
