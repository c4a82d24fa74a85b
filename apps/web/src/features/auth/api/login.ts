import type { AccessTokenData, LoginRequest, TwoFactorRequired } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** What a correct password gets: a session, or, with two-factor sign-in on, a second step. */
export type LoginAnswer = AccessTokenData | TwoFactorRequired;

/** `twoFactorRequiredSchema`'s check without zod, which the login page does without. */
export function isTwoFactorChallenge(answer: unknown): answer is TwoFactorRequired {
  if (typeof answer !== 'object' || answer === null) return false;
  const { twoFactorRequired, challenge } = answer as Record<string, unknown>;
  return twoFactorRequired === true && typeof challenge === 'string' && challenge !== '';
}

export async function login(request: LoginRequest): Promise<LoginAnswer> {
  const envelope = await apiClient.post<LoginAnswer>(AUTH_ENDPOINTS.login, request);
  const answer = envelope.data;
  if (isTwoFactorChallenge(answer)) return answer;
  if (!answer || !('accessToken' in answer) || !answer.accessToken) {
    throw new Error('The login answer has no access token.');
  }
  return answer;
}

/**
 * The password step of a login. Its answer is a session, which the form stores (that signs
 * the routes in, and `keepExtensionSignedIn`, started in main.tsx, hands it to the extension),
 * or a two-factor challenge, for the form's second step.
 */
export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({ ...config, mutationFn: login });
}
