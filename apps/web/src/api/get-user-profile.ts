import { FETCH_FAILED, type UserProfile } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileKeys } from './query-keys';

// Read by the header (app/), the dashboard, the quests screen and the daily claim: endpoints
// more than one feature needs live in the shared api/ folder rather than in a feature.

export async function getUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  const envelope = await apiClient.get<UserProfile>('/api/auth/profile', { signal });
  if (!envelope.data) throw new Error('The profile answer has no data.');
  return envelope.data;
}

export function useUserProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => getUserProfile(signal),
    enabled,
    meta: { errorToast: FETCH_FAILED.userProfile },
  });
}
