/** The first-run module's public face: other modules import only this file. */
export { default as firstRunRoutes } from './routes.ts';
