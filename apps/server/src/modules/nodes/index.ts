/** The nodes module's public face: other modules import only this file. */
export { default as nodeSessionRoutes } from './node-session-routes.ts';
export { nodeForNewTest, nodeOwnedBy, nodesOfCompletedTests } from './nodes-service.ts';
export { deleteNodesOfUser } from './nodes-repository.ts';
export { default as nodeRoutes } from './routes.ts';
export { quietNodeScan } from './quiet-nodes.ts';
