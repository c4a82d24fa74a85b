/** The auth module's public face: other modules import only this file. */
export { unverifiedSessionIdOf } from './access-token.ts';
export { eraseAccountOfUser, lockAccountToErase } from './account-erasure.ts';
export { default as accountRoutes } from './account-routes.ts';
export { accountTombstone } from './account-tombstone.ts';
export { AUTH_POLICY } from './auth-policy.ts';
export { banUser } from './ban-service.ts';
export { completeEmailVerification } from './email-verification-service.ts';
export { default as emailLinkRoutes } from './email-link-routes.ts';
export { loginThrottle } from './login-throttle.ts';
export { type LoginAttemptLimiter } from './login-attempt-limiter.ts';
export { loggedInAnswer } from './login-answer.ts';
export {
  accountNamesOf,
  finishLogin,
  loginLockedRefusal,
  type SecondFactorGate,
  throttledAttempt,
} from './login-service.ts';
export { confirmAccountPassword } from './password-confirmation.ts';
export { default as profileRoutes } from './profile-routes.ts';
export { clearRefreshCookie } from './refresh-cookie.ts';
export { default as authRoutes } from './routes.ts';
export {
  grantOf,
  type OpenedSession,
  openSessionFamily,
  refreshSession,
  revokeSession,
  startSession,
} from './session-service.ts';
export { sessionStillLive } from './authenticate.ts';
export { signedInScope } from './signed-in-scope.ts';
export { signInAccountOf, type SignInAccount } from './sign-in.ts';
export { findUserRow, type UserRow } from './users-repository.ts';
