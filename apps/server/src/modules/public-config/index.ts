/** The public-config module's public face: other modules import only this file. */
export { publicConfigOf } from './public-config.ts';
export { default as publicConfigRoutes } from './routes.ts';
