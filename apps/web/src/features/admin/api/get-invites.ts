import type { AdminInvite } from '@netpulse/shared/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
  return useQuery({
    queryKey: adminKeys.invites(pageNumber),
    queryFn: ({ signal }) => getInvites(pageNumber, signal),
    placeholderData: keepPreviousData,
  });
}
