/** What the health module offers the rest of the server: other modules import only this file. */
export { default as healthRoutes } from './routes.ts';
