import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { NODES_PATH, NODES_QUERY_KEY } from './get-nodes';
import { SPEED_HISTORY_QUERY_KEY } from './get-speed-history';

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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: NODES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SPEED_HISTORY_QUERY_KEY }),
      ]);
      await config.onSuccess?.(...args);
    },
  });
}
