/** The lifetimes and limits of passkeys (issue 29), in one place. */
const MINUTE_MS = 60_000;

export const PASSKEY_POLICY = {
  /** How long a ceremony's challenge lives, and the browser's own timeout for it. */
  ceremonyLifetimeMs: 5 * MINUTE_MS,
  /** The most passkeys an account has: each adds a row and a credential to every registration. */
  perAccount: 20,
  /** A credential id is at most 1023 bytes (WebAuthn), 1364 characters in base64url. */
  credentialIdMaxLength: 1364,
} as const;

/** The transports a browser may report (WebAuthn's AuthenticatorTransport); others are dropped. */
export const KNOWN_TRANSPORTS = new Set([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);
