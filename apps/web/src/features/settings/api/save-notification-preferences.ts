import type { NotificationPreferences } from '@netpulse/shared';
import { accountKeys } from '@/api/query-keys';
import { useRefreshingMutation } from '@/api/refresh-reads';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { NOTIFICATION_PREFERENCES_PATH } from './get-notification-preferences';

/** PUT /notifications/preferences: the whole set at once, as the section's one Save sends it. */
export async function saveNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<void> {
  await apiClient.request('PUT', NOTIFICATION_PREFERENCES_PATH, { body: preferences });
}

export function useSaveNotificationPreferences(
  config: MutationConfig<typeof saveNotificationPreferences> = {},
) {
  return useRefreshingMutation(
    saveNotificationPreferences,
    [accountKeys.notificationPreferences()],
    config,
  );
}
