/** What the quests module offers the rest of the server: other modules import only this file. */
export { default as questRoutes } from './routes.ts';
export { default as socialLoginRoutes } from './social-login-routes.ts';
export { default as socialQuestRoutes } from './social-routes.ts';
