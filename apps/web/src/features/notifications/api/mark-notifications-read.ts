import type { MarkNotificationsRead } from '@netpulse/shared';
import { notificationKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { NOTIFICATIONS_PATH } from './get-notifications';

/** POST /notifications/read: some notices (`{ ids }`), or every one (`{ all: true }`). */
export async function markNotificationsRead(request: MarkNotificationsRead): Promise<void> {
  await apiClient.post(`${NOTIFICATIONS_PATH}/read`, request);
}

export function useMarkNotificationsRead(
  config: MutationConfig<typeof markNotificationsRead> = {},
) {
  // The list's marks and the bell's count both change.
  return useRefreshingMutation(markNotificationsRead, [notificationKeys.all], config);
}
