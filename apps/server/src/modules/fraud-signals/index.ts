/** The fraud-signals module's public face: other modules import only this file. */
export { default as fraudSignalRoutes } from './routes.ts';
