/** What the public-config module offers the rest of the server: other modules import only this file. */
export { publicConfigOf } from './public-config.ts';
export { default as publicConfigRoutes } from './routes.ts';
