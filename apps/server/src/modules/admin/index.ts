/** The admin module's public face: other modules import only this file. */
export {
  type ActionOutcome,
  banAccount,
  createInviteAction,
  decideYoutubeReview,
  restoreStreak,
  setBoost,
  setRole,
  startCycle,
  unbanAccount,
  verifyUser,
} from './admin-actions.ts';
export { findUserByName } from './admin-repository.ts';
export { adminOf, adminScope } from './admin-scope.ts';
export { type Actor, COMMAND_LINE, writeAudit } from './audit-log-repository.ts';
export { default as adminRoutes } from './routes.ts';
