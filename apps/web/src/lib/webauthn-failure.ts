/**
 * Why the browser's part of a passkey ceremony failed (@simplewebauthn/browser's WebAuthnError
 * carries the DOMException's name and a code), in the few kinds a screen words differently.
 * Null for anything else, such as the server's refusal (an ApiError), which says why itself.
 */
export type WebAuthnFailure = 'cancelled' | 'unsupported' | 'already-registered' | 'failed';

/** The names the WebAuthn API rejects with (W3C WebAuthn, "create" and "get"). */
const WEBAUTHN_ERROR_NAMES = new Set([
  'AbortError',
  'ConstraintError',
  'InvalidStateError',
  'NotAllowedError',
  'NotSupportedError',
  'SecurityError',
  'UnknownError',
]);

export function webAuthnFailureOf(error: unknown): WebAuthnFailure | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  // The person closed the browser's prompt, or let it time out: the browser says no more.
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'cancelled';
  if (error.name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'already-registered';
  }
  if (error.name === 'NotSupportedError') return 'unsupported';
  if (WEBAUTHN_ERROR_NAMES.has(error.name) || typeof code === 'string') return 'failed';
  return null;
}

/**
 * Throws, as the browser would, when it has no WebAuthn API at all (old browsers, some embedded
 * views): called before a ceremony asks the server for its options, so nothing is sent in vain.
 */
export function requirePasskeys(): void {
  if (typeof globalThis.PublicKeyCredential !== 'function') {
    const error = new Error('This browser has no WebAuthn API.');
    error.name = 'NotSupportedError';
    throw error;
  }
}
