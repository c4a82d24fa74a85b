import type { AccountSession } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readRows } from '@/lib/api-data';
import { ACCOUNT_PATH } from './get-account';

export const SESSIONS_PATH = `${ACCOUNT_PATH}/sessions`;

/** GET /account/sessions: every browser signed in to the account, the most recently used first. */
export async function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return readRows(await apiClient.get<AccountSession[]>(SESSIONS_PATH, { signal }));
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
  });
}
