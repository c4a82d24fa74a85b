/** The two-factor module's public face: other modules and app.ts import only this file. */
export { secondFactorGate } from './sign-in-challenge.ts';
export { twoFactorContextOf, type TwoFactorContext } from './two-factor-context.ts';
export { hasSecondFactor } from './two-factor-repository.ts';
export { default as twoFactorLoginRoutes } from './two-factor-login-routes.ts';
export { type SecondFactorProof, useProofThrottled } from './two-factor-proof.ts';
export { isTotpOn } from './two-factor-repository.ts';
export { default as twoFactorRoutes } from './two-factor-routes.ts';
export { default as passkeyRoutes } from './passkey-routes.ts';
export { default as passkeySignInRoutes } from './passkey-sign-in-routes.ts';
export { countPasskeys } from './passkeys-repository.ts';
export { eraseTwoFactorOfUser } from './two-factor-erasure-repository.ts';
export {
  secondFactorCheckOf,
  type SecondFactorCheck,
  type SecondFactorVerdict,
} from './second-factor-check.ts';
