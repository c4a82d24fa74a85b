/** The earnings module's public face: other modules import only this file. */
export { transactionHistory } from './earnings-service.ts';
export { default as earningsRoutes } from './routes.ts';
