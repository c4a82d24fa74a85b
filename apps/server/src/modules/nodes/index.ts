/** What the nodes module offers the rest of the server: other modules import only this file. */
export { default as nodeSessionRoutes } from './node-session-routes.ts';
export { nodeForNewTest, nodeOwnedBy, nodesOfCompletedTests } from './nodes-service.ts';
export { default as nodeRoutes } from './routes.ts';
