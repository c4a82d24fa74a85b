import type { RegisterRequest } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** Signs up; the server then mails a verification link. */
export async function register(request: RegisterRequest): Promise<void> {
  await apiClient.post(AUTH_ENDPOINTS.signup, request);
}

export function useRegister(config: MutationConfig<typeof register> = {}) {
  return useMutation({ ...config, mutationFn: register });
}
