import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { SESSIONS_PATH } from './get-sessions';

/** DELETE /account/sessions/:id: signs that browser out (this one, when it is the current). */
export async function endSession(sessionId: string): Promise<void> {
  await apiClient.request('DELETE', `${SESSIONS_PATH}/${encodeURIComponent(sessionId)}`);
}

export function useEndSession(config: MutationConfig<typeof endSession> = {}) {
  return useRefreshingMutation(endSession, [accountKeys.sessions()], config);
}
