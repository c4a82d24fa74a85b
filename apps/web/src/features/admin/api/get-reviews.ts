import type { AdminReviewRow } from '@netpulse/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readRows } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';

/** GET /admin/reviews: the YouTube subscriptions waiting for a person to check them. */
export async function getReviews(signal?: AbortSignal): Promise<AdminReviewRow[]> {
  return readRows(await apiClient.get<AdminReviewRow[]>(`${ADMIN_API}/reviews`, { signal }));
}

export function useReviews() {
  return useQuery({ queryKey: adminKeys.reviews(), queryFn: ({ signal }) => getReviews(signal) });
}
