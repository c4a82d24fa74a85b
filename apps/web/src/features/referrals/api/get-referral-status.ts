import {
  FETCH_SUBJECTS,
  GENERIC_TOASTS,
  TABLE_PAGE_SIZE,
  type ReferralStatusRow,
} from '@netpulse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referralKeys } from '@/api/query-keys';
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

/** The previous page stays as placeholder data so the pagination keeps its place while loading. */
export function useReferralStatus(filter: ReferralStatusFilter) {
  return useQuery({
    queryKey: referralKeys.status(filter),
    queryFn: ({ signal }) => getReferralStatus(filter, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: GENERIC_TOASTS.fetchFailed(FETCH_SUBJECTS.referralStatus) },
  });
}
