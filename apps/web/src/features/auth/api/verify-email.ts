import { AUTH_TOASTS } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { apiClient, AUTH_ENDPOINTS, isApiError } from '@/lib/api-client';

export async function verifyEmail(token: string): Promise<void> {
  await apiClient.get(`${AUTH_ENDPOINTS.verifyEmail}/${encodeURIComponent(token)}`);
}

/**
 * The toasts live in the mutation itself, not in `mutate` callbacks, because
 * the screen navigates away before a slow answer arrives and the toast must
 * still show.
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => toast.success(AUTH_TOASTS.verifySuccess),
    onError: (error) => {
      // A link followed again: the address is verified, which is news, not a failure.
      if (isApiError(error) && error.status === 409) toast.info(error.message);
      else toast.error(isApiError(error) ? AUTH_TOASTS.verifyFailure : AUTH_TOASTS.verifyError);
    },
  });
}
