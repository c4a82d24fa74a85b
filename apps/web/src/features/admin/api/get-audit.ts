import type { AuditRow } from '@netpulse/shared/admin';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';
import { ADMIN_PAGE_SIZE } from './get-users';

export interface AuditFilter {
  /** An admin's id, '0' for the command line, '' for everyone. */
  adminId: string;
  /** One of AUDIT_ACTIONS, or '' for all. */
  action: string;
  /** YYYY-MM-DD or '' for no bound. */
  from: string;
  to: string;
  pageNumber: number;
}

/** GET /admin/audit: one page of the audit log, newest first, filtered. */
export async function getAudit(filter: AuditFilter, signal?: AbortSignal): Promise<Page<AuditRow>> {
  const envelope = await apiClient.get<AuditRow[]>(`${ADMIN_API}/audit`, {
    query: {
      // An empty filter is left out: the server reads '' as a value.
      adminId: filter.adminId || undefined,
      action: filter.action || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
      pageNumber: filter.pageNumber,
      pageSize: ADMIN_PAGE_SIZE,
    },
    signal,
  });
  return readPage(envelope);
}

export function useAudit(filter: AuditFilter) {
  return usePagedQuery({
    queryKey: adminKeys.audit(filter),
    fetchPage: (signal) => getAudit(filter, signal),
  });
}
