/** What the fraud-signals module offers the rest of the server: other modules import only this file. */
export { default as fraudSignalRoutes } from './routes.ts';
