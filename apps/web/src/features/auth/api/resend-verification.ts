import type { ResendVerificationRequest, ResendWait } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS, isApiError } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/**
 * Asks for a new verification mail (docs/decisions/033). The answer is the same
 * for every address; it says how long until the next may be asked.
 */
export async function resendVerification(request: ResendVerificationRequest): Promise<ResendWait> {
  const envelope = await apiClient.post<ResendWait>(AUTH_ENDPOINTS.resendVerification, request);
  return { retryAfterSeconds: envelope.data?.retryAfterSeconds ?? 0 };
}

/** The wait a refusal names (429), or null when the failure was something else. */
export function resendWaitOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const wait = (error.envelope?.data as Partial<ResendWait> | undefined)?.retryAfterSeconds;
  return typeof wait === 'number' ? wait : null;
}

export function useResendVerification(config: MutationConfig<typeof resendVerification> = {}) {
  return useMutation({ ...config, mutationFn: resendVerification });
}
