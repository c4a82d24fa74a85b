/** The account-data module's public face: other modules and app.ts import only this file. */
export { ACCOUNT_DELETED_ACTION } from './account-deletion.ts';
export { default as accountDataRoutes } from './routes.ts';
