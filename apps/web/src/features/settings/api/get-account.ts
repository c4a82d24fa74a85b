import type { AccountOverview } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** Every route of the Account screen sits under this path (docs/ARCHITECTURE.md section 10). */
export const ACCOUNT_PATH = '/api/account';

/** GET /account: the username, the email, a pending new email, when the username may change. */
export async function getAccount(signal?: AbortSignal): Promise<AccountOverview> {
  return readData(await apiClient.get<AccountOverview>(ACCOUNT_PATH, { signal }));
}

export function useAccount() {
  return useQuery({
    queryKey: accountKeys.overview(),
    queryFn: ({ signal }) => getAccount(signal),
  });
}
