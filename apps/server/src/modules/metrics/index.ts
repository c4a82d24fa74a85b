/** The metrics module's public face: other modules and the app import only this file. */
export { default as metrics } from './metrics-plugin.ts';
export { default as metricsRoutes } from './routes.ts';
