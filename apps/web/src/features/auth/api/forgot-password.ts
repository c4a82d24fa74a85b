import type { ForgotPasswordRequest } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export async function requestPasswordReset(request: ForgotPasswordRequest): Promise<void> {
  await apiClient.post(AUTH_ENDPOINTS.forgotPassword, request);
}

export function useForgotPassword(config: MutationConfig<typeof requestPasswordReset> = {}) {
  return useMutation({ ...config, mutationFn: requestPasswordReset });
}
