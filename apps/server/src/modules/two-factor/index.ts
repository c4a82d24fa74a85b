/** The two-factor module's public face: other modules and app.ts import only this file. */
export { default as passkeyRoutes } from './passkey-routes.ts';
export { default as passkeySignInRoutes } from './passkey-sign-in-routes.ts';
export { countPasskeys, erasePasskeysOfUser } from './passkeys-repository.ts';
