import { FETCH_FAILED, type NodeList } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { nodeKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

export const NODES_PATH = '/api/nodes';

/** A node is Online when seen in the last 15 minutes: a minute's refresh keeps that true. */
const REFRESH_MS = 60_000;

/** GET /nodes: the account's nodes, oldest first, and how many it may have. */
export async function getNodes(signal?: AbortSignal): Promise<NodeList> {
  return readData(await apiClient.get<NodeList>(NODES_PATH, { signal }));
}

/** Refetched every minute while the page is visible (TanStack pauses it in a hidden tab). */
export function useNodes() {
  return useQuery({
    queryKey: nodeKeys.all,
    queryFn: ({ signal }) => getNodes(signal),
    refetchInterval: REFRESH_MS,
    meta: { errorToast: FETCH_FAILED.nodes },
  });
}
