/** The earnings module's public face: other modules import only this file. */
export { toTransactionRow, transactionHistory } from './earnings-service.ts';
export { transactionsInChunks } from './earnings-repository.ts';
export { default as earningsRoutes } from './routes.ts';
