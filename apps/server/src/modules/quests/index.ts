/** The quests module's public face: other modules import only this file. */
export { deleteSocialAccountsOfUser } from './quests-repository.ts';
export { default as questRoutes } from './routes.ts';
export { default as socialLoginRoutes } from './social-login-routes.ts';
export { default as socialQuestRoutes } from './social-routes.ts';
