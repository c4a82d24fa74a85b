import type { AdminUserRow } from '@netpulse/shared/admin';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';

export const ADMIN_PAGE_SIZE = 20;

export interface UsersQuery {
  /** A username, an email or an address; '' lists everyone, newest first. */
  q: string;
  pageNumber: number;
}

/** GET /admin/users: one page of the accounts matching the search. */
export async function getUsers(
  query: UsersQuery,
  signal?: AbortSignal,
): Promise<Page<AdminUserRow>> {
  const envelope = await apiClient.get<AdminUserRow[]>(`${ADMIN_API}/users`, {
    query: { q: query.q, pageNumber: query.pageNumber, pageSize: ADMIN_PAGE_SIZE },
    signal,
  });
  return readPage(envelope);
}

export function useUsers(query: UsersQuery) {
  return usePagedQuery({
    queryKey: adminKeys.users(query),
    fetchPage: (signal) => getUsers(query, signal),
  });
}
