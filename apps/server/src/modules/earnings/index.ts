/** What the earnings module offers the rest of the server: other modules import only this file. */
export { transactionHistory } from './earnings-service.ts';
export { default as earningsRoutes } from './routes.ts';
