import type { AccessTokenData, PasskeySignInOptions, PasskeySignInRequest } from '@netpulse/shared';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { requirePasskeys } from '@/lib/webauthn-failure';
import { readSession } from './login';

/**
 * "Sign in with a passkey", no username needed: POST /auth/passkey/options for a challenge,
 * the browser's prompt offers the passkeys it holds for this site, and POST /auth/passkey
 * answers exactly as a login does (a passkey is both factors). The WebAuthn library is fetched
 * here, when the button is pressed, never with the login page.
 */
export async function signInWithPasskey(): Promise<AccessTokenData> {
  requirePasskeys();
  const { challenge, options } = readData(
    await apiClient.post<PasskeySignInOptions>(AUTH_ENDPOINTS.passkeyOptions),
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const assertion = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const request: PasskeySignInRequest = {
    challenge,
    response: assertion as unknown as PasskeySignInRequest['response'],
  };
  return readSession(await apiClient.post<AccessTokenData>(AUTH_ENDPOINTS.passkeySignIn, request));
}

export function usePasskeySignIn(config: MutationConfig<typeof signInWithPasskey> = {}) {
  return useMutation({ ...config, mutationFn: signInWithPasskey });
}
