/** The health module's public face: other modules import only this file. */
export { default as healthRoutes } from './routes.ts';
