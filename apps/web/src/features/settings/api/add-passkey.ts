import type { AddPasskeyRequest, Passkey } from '@netpulse/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { requirePasskeys } from '@/lib/webauthn-failure';
import { PASSKEYS_PATH } from './get-passkeys';

/**
 * Adds a passkey: POST /account/passkeys/options for the registration's options, the browser
 * makes the credential (its prompt), and POST /account/passkeys stores it under `name`. The
 * WebAuthn library is fetched here, the first time a passkey is added.
 */
export async function addPasskey({ name }: Pick<AddPasskeyRequest, 'name'>): Promise<Passkey> {
  requirePasskeys();
  const options = readData(
    await apiClient.post<Record<string, unknown>>(`${PASSKEYS_PATH}/options`),
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const request: AddPasskeyRequest = {
    name,
    response: credential as unknown as AddPasskeyRequest['response'],
  };
  return readData(await apiClient.post<Passkey>(PASSKEYS_PATH, request));
}

export function useAddPasskey(config: MutationConfig<typeof addPasskey> = {}) {
  return useRefreshingMutation(addPasskey, [accountKeys.passkeys()], config);
}
