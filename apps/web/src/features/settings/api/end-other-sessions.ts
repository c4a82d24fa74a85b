import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { SESSIONS_PATH } from './get-sessions';

/** DELETE /account/sessions: signs every other browser out; answers how many were signed in. */
export async function endOtherSessions(): Promise<number> {
  const envelope = await apiClient.request<{ ended: number }>('DELETE', SESSIONS_PATH);
  return readData(envelope).ended;
}

export function useEndOtherSessions(config: MutationConfig<typeof endOtherSessions> = {}) {
  return useRefreshingMutation(endOtherSessions, [accountKeys.sessions()], config);
}
