import type { Passkey } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readRows } from '@/lib/api-data';
import { ACCOUNT_PATH } from './get-account';

export const PASSKEYS_PATH = `${ACCOUNT_PATH}/passkeys`;

/** GET /account/passkeys: each passkey's name, when it was added and last used. */
export async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return readRows(await apiClient.get<Passkey[]>(PASSKEYS_PATH, { signal }));
}

export function usePasskeys() {
  return useQuery({
    queryKey: accountKeys.passkeys(),
    queryFn: ({ signal }) => getPasskeys(signal),
  });
}
