/** The two-factor module's public face: other modules and app.ts import only this file. */
export { secondFactorGate } from './sign-in-challenge.ts';
export { twoFactorContextOf } from './two-factor-context.ts';
export { hasSecondFactor } from './two-factor-repository.ts';
export { default as twoFactorLoginRoutes } from './two-factor-login-routes.ts';
export { default as twoFactorRoutes } from './two-factor-routes.ts';
export { default as passkeyRoutes } from './passkey-routes.ts';
export { default as passkeySignInRoutes } from './passkey-sign-in-routes.ts';
export { eraseTwoFactorOfUser } from './two-factor-repository.ts';
export { secondFactorCheckOf, type SecondFactorCheck } from './second-factor-check.ts';
