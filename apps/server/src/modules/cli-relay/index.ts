/** The cli-relay module's public face: other modules import only this file. */
export {
  ADMIN_SECRET_FILE,
  forgetAdminAddress,
  loopbackUrlOf,
  readAdminAddress,
  recordAdminAddress,
} from './relay-address.ts';
export { default as cliRelayRoutes } from './routes.ts';
