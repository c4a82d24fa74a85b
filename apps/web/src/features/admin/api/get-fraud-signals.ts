import type { FraudSignals, FraudWindow } from '@netpulse/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';

export interface FraudQuery {
  window: FraudWindow;
  /** An address counts as shared when more than this many accounts used it. */
  minAccounts: number;
}

/** GET /admin/fraud-signals: shared addresses, referral rings and implausible nodes. */
export async function getFraudSignals(
  query: FraudQuery,
  signal?: AbortSignal,
): Promise<FraudSignals> {
  const envelope = await apiClient.get<FraudSignals>(`${ADMIN_API}/fraud-signals`, {
    query: { window: query.window, minAccounts: query.minAccounts },
    signal,
  });
  return readData(envelope);
}

export function useFraudSignals(query: FraudQuery) {
  return useQuery({
    queryKey: adminKeys.fraud(query),
    queryFn: ({ signal }) => getFraudSignals(query, signal),
  });
}
