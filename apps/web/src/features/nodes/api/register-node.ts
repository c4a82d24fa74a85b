import type { RegisteredNode, RegisterNodeRequest } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';
import { NODES_PATH } from './get-nodes';

/**
 * POST /nodes: registers a node (again: the same id of the same account answers
 * the node as it is). The page registers itself as a `browser` node, with no session.
 */
export async function registerNode(body: RegisterNodeRequest): Promise<RegisteredNode> {
  return readData(await apiClient.post<RegisteredNode>(NODES_PATH, body));
}
