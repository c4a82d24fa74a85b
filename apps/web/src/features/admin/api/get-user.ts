import type { AdminUserDetail } from '@netpulse/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';

/** GET /admin/users/:userId: the account's profile, nodes, referrals, quests and sign-ins. */
export async function getUser(userId: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return readData(await apiClient.get<AdminUserDetail>(`${ADMIN_API}/users/${userId}`, { signal }));
}

export function useUser(userId: number) {
  return useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });
}
