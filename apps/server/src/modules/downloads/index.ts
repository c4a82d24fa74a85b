/** The downloads module's public face: other modules import only this file. */
export { default as downloadRoutes } from './routes.ts';
