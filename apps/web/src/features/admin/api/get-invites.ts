import type { AdminInvite } from '@netpulse/shared/admin';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';
import { ADMIN_PAGE_SIZE } from './get-users';

/** GET /admin/invites: one page of invite codes, newest first. */
export async function getInvites(
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<AdminInvite>> {
  const envelope = await apiClient.get<AdminInvite[]>(`${ADMIN_API}/invites`, {
    query: { pageNumber, pageSize: ADMIN_PAGE_SIZE },
    signal,
  });
  return readPage(envelope);
}

export function useInvites(pageNumber: number) {
  return usePagedQuery({
    queryKey: adminKeys.invites(pageNumber),
    fetchPage: (signal) => getInvites(pageNumber, signal),
  });
}
