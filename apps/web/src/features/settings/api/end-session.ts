import type { AccountSession } from '@netpulse/shared';
import { useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  // This browser's own session ended: the list is not asked for again, which could only fail
  // (401), try a refresh and send to the login before the screen signs this browser out.
  const endsThisBrowser = (sessionId: string) =>
    queryClient
      .getQueryData<AccountSession[]>(accountKeys.sessions())
      ?.some((session) => session.id === sessionId && session.current) === true;
  return useRefreshingMutation(
    endSession,
    (sessionId) => (endsThisBrowser(sessionId) ? [] : [accountKeys.sessions()]),
    config,
  );
}
