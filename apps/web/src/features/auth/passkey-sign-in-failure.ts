import { AUTH_TOASTS, isBannedRefusal } from '@netpulse/shared';
import { isApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/api-error-message';
import { intl } from '@/lib/i18n/active-locale';
import { rememberBan } from '@/lib/sign-out-notice';
import { toast } from '@/lib/toast';
import { webAuthnFailureOf } from '@/lib/webauthn-failure';

/**
 * Tells why "Sign in with a passkey" did not sign in: the browser's side (cancelled, no
 * WebAuthn, no passkey that works) in words of the login page's first catalog part, since the
 * page may have loaded no other; the server's refusal in its own words; a ban in the notice
 * above the form, as a password login says it (docs/decisions/033).
 */
export function passkeySignInFailure(error: unknown): void {
  const refusal = isApiError(error) ? error.envelope?.data : undefined;
  if (isBannedRefusal(refusal)) {
    rememberBan(refusal.reason);
    return;
  }
  switch (webAuthnFailureOf(error)) {
    case 'cancelled':
      toast.info(
        intl().formatMessage({
          id: 'login.passkeyCancelled',
          defaultMessage: 'No passkey was used: the request was cancelled or timed out.',
        }),
      );
      return;
    case 'unsupported':
      toast.error(
        intl().formatMessage({
          id: 'login.passkeyUnsupported',
          defaultMessage: 'This browser cannot use passkeys. Log in with your password instead.',
        }),
      );
      return;
    case 'already-registered':
    case 'failed':
      toast.error(
        intl().formatMessage({
          id: 'login.passkeyFailed',
          defaultMessage: 'Your browser could not use a passkey. Please try again.',
        }),
      );
      return;
    case null:
      toast.error(
        failureMessage(error, {
          failed: AUTH_TOASTS.loginFailure,
          exception: AUTH_TOASTS.loginRejected,
        }),
      );
  }
}
