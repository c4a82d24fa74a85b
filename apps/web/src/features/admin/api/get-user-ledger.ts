import type { AdminLedgerRow } from '@netpulse/shared/admin';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';
import { ADMIN_PAGE_SIZE } from './get-users';

/** GET /admin/users/:userId/transactions: one page of the account's ledger, newest first. */
export async function getUserLedger(
  userId: number,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<AdminLedgerRow>> {
  const envelope = await apiClient.get<AdminLedgerRow[]>(
    `${ADMIN_API}/users/${userId}/transactions`,
    { query: { pageNumber, pageSize: ADMIN_PAGE_SIZE }, signal },
  );
  return readPage(envelope);
}

export function useUserLedger(userId: number, pageNumber: number) {
  return usePagedQuery({
    queryKey: adminKeys.userLedger(userId, pageNumber),
    fetchPage: (signal) => getUserLedger(userId, pageNumber, signal),
  });
}
