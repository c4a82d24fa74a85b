import { FETCH_FAILED, type QuestConstants } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { questKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/** GET /constants: the streak and referral rewards and the social quests' links. */
export async function getQuestConstants(signal?: AbortSignal): Promise<QuestConstants> {
  const envelope = await apiClient.get<QuestConstants>('/api/constants', { signal });
  return readData(envelope);
}

export function useQuestConstants() {
  return useQuery({
    queryKey: questKeys.constants(),
    queryFn: ({ signal }) => getQuestConstants(signal),
    // They change only with the server's settings.
    staleTime: Infinity,
    meta: { errorToast: FETCH_FAILED.questConstants },
  });
}
