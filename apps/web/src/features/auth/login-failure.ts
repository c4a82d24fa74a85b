import { AUTH_TOASTS } from '@netpulse/shared';
import type { FailureTexts } from '@/lib/api-error-message';

/** A login's fallback texts, the same for a password, its second step and a passkey. */
export const LOGIN_FAILURE_TEXTS: FailureTexts = {
  failed: AUTH_TOASTS.loginFailure,
  exception: AUTH_TOASTS.loginRejected,
};
