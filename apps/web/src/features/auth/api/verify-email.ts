import { AUTH_TOASTS } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { apiClient, AUTH_ENDPOINTS, isApiError } from '@/lib/api-client';

export async function verifyEmail(token: string): Promise<void> {
  await apiClient.get(`${AUTH_ENDPOINTS.verifyEmail}/${encodeURIComponent(token)}`);
}

/** What following a verification link came to, as the screen tells it. */
export type VerifyFailure = 'already-verified' | 'invalid' | 'error';

/** A failed verification's kind: 409 verified already, another answer a bad link, no answer an error. */
export function verifyFailureOf(error: unknown): VerifyFailure {
  if (!isApiError(error)) return 'error';
  if (error.status === 409) return 'already-verified';
  return error.status >= 500 ? 'error' : 'invalid';
}

/**
 * The success toast lives in the mutation itself, not in a `mutate` callback,
 * because the screen leaves right after it and the toast must still show. A
 * failure is told on the screen, which stays (docs/decisions/033).
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => toast.success(AUTH_TOASTS.verifySuccess),
  });
}
