import type { AccessTokenData, LoginRequest } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import type { MutationConfig } from '@/lib/query-client';

export async function login(request: LoginRequest): Promise<AccessTokenData> {
  const envelope = await apiClient.post<AccessTokenData>(AUTH_ENDPOINTS.login, request);
  if (!envelope.data?.accessToken) throw new Error('The login answer has no access token.');
  return envelope.data;
}

/**
 * Logs in and stores the access token. Storing it signs the routes in, and
 * `keepExtensionSignedIn` (started in main.tsx) hands it to the extension.
 */
export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({
    ...config,
    mutationFn: login,
    onSuccess: (...args) => {
      authStore.setToken(args[0].accessToken);
      return config.onSuccess?.(...args);
    },
  });
}
