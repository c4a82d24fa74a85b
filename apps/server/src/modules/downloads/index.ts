/** What the downloads module offers the rest of the server: other modules import only this file. */
export { default as downloadRoutes } from './routes.ts';
