import type { NotificationPreferences } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

export const NOTIFICATION_PREFERENCES_PATH = '/api/notifications/preferences';

/** GET /notifications/preferences: the matrix, the mail's rhythm, quiet hours and time zone. */
export async function getNotificationPreferences(
  signal?: AbortSignal,
): Promise<NotificationPreferences> {
  return readData(
    await apiClient.get<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH, { signal }),
  );
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: accountKeys.notificationPreferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}
