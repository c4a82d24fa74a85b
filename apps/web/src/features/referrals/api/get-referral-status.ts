import { FETCH_FAILED, TABLE_PAGE_SIZE, type ReferralStatusRow } from '@netpulse/shared';
import { referralKeys } from '@/api/query-keys';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';

export interface ReferralStatusFilter {
  pageNumber: number;
  /** YYYY-MM-DD or '' for no bound: the day the referee registered. */
  startDate: string;
  endDate: string;
}

/** GET /referrals-status: one page (5 rows) of the people the user referred. */
export async function getReferralStatus(
  filter: ReferralStatusFilter,
  signal?: AbortSignal,
): Promise<Page<ReferralStatusRow>> {
  const envelope = await apiClient.get<ReferralStatusRow[]>('/api/referrals-status', {
    query: {
      startDate: filter.startDate,
      endDate: filter.endDate,
      pageNumber: filter.pageNumber,
      pageSize: TABLE_PAGE_SIZE,
    },
    signal,
  });
  return readPage(envelope);
}

export function useReferralStatus(filter: ReferralStatusFilter) {
  return usePagedQuery({
    queryKey: referralKeys.status(filter),
    fetchPage: (signal) => getReferralStatus(filter, signal),
    errorToast: FETCH_FAILED.referralStatus,
  });
}
