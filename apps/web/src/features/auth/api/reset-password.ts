import type { ResetPasswordRequest } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** Sets the new password with the token from the reset link; confirmPassword stays in the browser. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiClient.post(AUTH_ENDPOINTS.resetPassword, request);
}

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
