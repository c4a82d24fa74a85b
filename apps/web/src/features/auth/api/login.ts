import {
  isTwoFactorChallenge,
  type AccessTokenData,
  type Envelope,
  type LoginRequest,
  type TwoFactorRequired,
} from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** What a correct password gets: a session, or, with two-factor sign-in on, a second step. */
export type LoginAnswer = AccessTokenData | TwoFactorRequired;

/**
 * The session a login's answer carries (a password login, its second step, a passkey): an
 * error when it has no access token.
 */
export function readSession(envelope: Envelope<LoginAnswer>): AccessTokenData {
  const answer = envelope.data;
  if (!answer || !('accessToken' in answer) || !answer.accessToken) {
    throw new Error('The login answer has no access token.');
  }
  return answer;
}

export async function login(request: LoginRequest): Promise<LoginAnswer> {
  const envelope = await apiClient.post<LoginAnswer>(AUTH_ENDPOINTS.login, request);
  if (isTwoFactorChallenge(envelope.data)) return envelope.data;
  return readSession(envelope);
}

/**
 * The password step of a login. Its answer is a session, which the form stores (that signs
 * the routes in, and `keepExtensionSignedIn`, started in main.tsx, hands it to the extension),
 * or a two-factor challenge, for the form's second step.
 */
export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({ ...config, mutationFn: login });
}
