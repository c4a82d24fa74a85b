import type { AccessTokenData, TwoFactorLoginRequest } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { readSession } from './login';

/**
 * POST /auth/login/two-factor: the password step's challenge and a code of the authenticator
 * app, or one of the recovery codes; answers exactly as a login does.
 */
export async function loginTwoFactor(request: TwoFactorLoginRequest): Promise<AccessTokenData> {
  return readSession(await apiClient.post<AccessTokenData>(AUTH_ENDPOINTS.loginTwoFactor, request));
}

export function useLoginTwoFactor(config: MutationConfig<typeof loginTwoFactor> = {}) {
  return useMutation({ ...config, mutationFn: loginTwoFactor });
}
