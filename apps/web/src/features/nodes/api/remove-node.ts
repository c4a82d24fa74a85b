import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { nodeKeys, pointsKeys } from '@/api/query-keys';
import { refreshReads } from '@/api/refresh-reads';
import { NODES_PATH } from './get-nodes';

/** DELETE /nodes/:nodeId: removes the node and signs its extension out; its tests stay. */
export async function removeNode(nodeId: string): Promise<void> {
  await apiClient.request('DELETE', `${NODES_PATH}/${encodeURIComponent(nodeId)}`);
}

export function useRemoveNode(config: MutationConfig<typeof removeNode> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: removeNode,
    onSuccess: async (...args) => {
      // The history's node choice lists the nodes, so both are refreshed.
      await refreshReads(queryClient, [nodeKeys.all, pointsKeys.histories()]);
      await config.onSuccess?.(...args);
    },
  });
}
