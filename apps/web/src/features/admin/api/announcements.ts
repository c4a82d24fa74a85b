import type { Announcement, AnnouncementPreview, AnnouncementRow } from '@netpulse/shared';
import { useMutation } from '@tanstack/react-query';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readData, readPage, type Page } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API, adminKeys } from './admin-query-keys';
import { ADMIN_PAGE_SIZE } from './get-users';
import { useAdminMutation } from './use-admin-mutation';

/** GET /admin/announcements: one page of the announcements sent, the latest first. */
export async function getAnnouncements(
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<AnnouncementRow>> {
  const envelope = await apiClient.get<AnnouncementRow[]>(`${ADMIN_API}/announcements`, {
    query: { pageNumber, pageSize: ADMIN_PAGE_SIZE },
    signal,
  });
  return readPage(envelope);
}

export function useAnnouncements(pageNumber: number) {
  return usePagedQuery({
    queryKey: adminKeys.announcements(pageNumber),
    fetchPage: (signal) => getAnnouncements(pageNumber, signal),
  });
}

/** POST /admin/announcements/preview: whom it would reach and its notice; writes nothing. */
export async function previewAnnouncement(
  announcement: Announcement,
): Promise<AnnouncementPreview> {
  return readData(
    await apiClient.post<AnnouncementPreview>(`${ADMIN_API}/announcements/preview`, announcement),
  );
}

/** A preview changes nothing on the server: no console list needs refreshing. */
export function usePreviewAnnouncement(config: MutationConfig<typeof previewAnnouncement> = {}) {
  return useMutation({ mutationFn: previewAnnouncement, ...config });
}

/** POST /admin/announcements: sends it; answers its record (with how many it reached). */
export async function sendAnnouncement(announcement: Announcement): Promise<AnnouncementRow> {
  return readData(
    await apiClient.post<AnnouncementRow>(`${ADMIN_API}/announcements`, announcement),
  );
}

export function useSendAnnouncement(config: MutationConfig<typeof sendAnnouncement> = {}) {
  return useAdminMutation(sendAnnouncement, config);
}
