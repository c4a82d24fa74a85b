/** What the admin module offers the rest of the server: other modules import only this file. */
export {
  type ActionOutcome,
  banAccount,
  createInviteAction,
  decideYoutubeReview,
  findUserByName,
  restoreStreak,
  setBoost,
  setRole,
  startCycle,
  unbanAccount,
  verifyUser,
} from './admin-actions.ts';
export { adminScope } from './admin-scope.ts';
export { COMMAND_LINE } from './audit-log-repository.ts';
export { default as adminRoutes } from './routes.ts';
