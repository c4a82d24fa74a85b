/** What the cli-relay module offers the rest of the server: other modules import only this file. */
export {
  ADMIN_SECRET_FILE,
  forgetAdminAddress,
  loopbackUrlOf,
  readAdminAddress,
  recordAdminAddress,
} from './relay-address.ts';
export { default as cliRelayRoutes } from './routes.ts';
