import type { NetworkNode, RenameNodeRequest } from '@netpulse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import type { MutationConfig } from '@/lib/query-client';
import { nodeKeys } from '@/api/query-keys';
import { NODES_PATH } from './get-nodes';

interface RenameNodeVariables extends RenameNodeRequest {
  nodeId: string;
}

/** PATCH /nodes/:nodeId { name }: answers the renamed node. */
export async function renameNode({ nodeId, name }: RenameNodeVariables): Promise<NetworkNode> {
  const envelope = await apiClient.request<NetworkNode>(
    'PATCH',
    `${NODES_PATH}/${encodeURIComponent(nodeId)}`,
    { body: { name } satisfies RenameNodeRequest },
  );
  return readData(envelope);
}

export function useRenameNode(config: MutationConfig<typeof renameNode> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: renameNode,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: nodeKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
