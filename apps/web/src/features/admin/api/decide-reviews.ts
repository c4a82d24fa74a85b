import type { AdminBulkOutcome, AdminReviewDecision } from '@netpulse/shared/admin';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** POST /admin/reviews: approves or rejects the chosen subscriptions; answers each outcome. */
export async function decideReviews(request: AdminReviewDecision): Promise<AdminBulkOutcome> {
  return readData(await apiClient.post<AdminBulkOutcome>(`${ADMIN_API}/reviews`, request));
}

export function useDecideReviews(config: MutationConfig<typeof decideReviews> = {}) {
  return useAdminMutation(decideReviews, config);
}
