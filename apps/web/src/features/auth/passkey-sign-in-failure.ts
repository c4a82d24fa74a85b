import { failureMessage } from '@/lib/api-error-message';
import { ensureCatalogPart, intl } from '@/lib/i18n/active-locale';
import { toast } from '@/lib/toast';
import { webAuthnFailureOf, type WebAuthnFailure } from '@/lib/webauthn-failure';
import { LOGIN_FAILURE_TEXTS, tellBanInNotice } from './login-failure';

/** Why the browser's side failed, in words fetched with the rest of the catalog. */
function webAuthnFailureText(failure: WebAuthnFailure): string {
  switch (failure) {
    case 'cancelled':
      return intl().formatMessage({
        id: 'login.passkeyFailureCancelled',
        defaultMessage: 'No passkey was used: the request was cancelled or timed out.',
      });
    case 'unsupported':
      return intl().formatMessage({
        id: 'login.passkeyFailureUnsupported',
        defaultMessage: 'This browser cannot use passkeys. Log in with your password instead.',
      });
    case 'already-registered':
    case 'failed':
      return intl().formatMessage({
        id: 'login.passkeyFailureOther',
        defaultMessage: 'Your browser could not use a passkey. Please try again.',
      });
  }
}

/**
 * Tells why "Sign in with a passkey" did not sign in: a ban in the notice above the form, as a
 * password login says it (docs/decisions/033); the server's refusal in its own words; the
 * browser's side (cancelled, no WebAuthn, no passkey that works) in texts the login page's
 * first load leaves out, so they are fetched first.
 */
export async function passkeySignInFailure(error: unknown): Promise<void> {
  if (tellBanInNotice(error)) return;
  const failure = webAuthnFailureOf(error);
  if (failure === null) {
    toast.error(failureMessage(error, LOGIN_FAILURE_TEXTS));
    return;
  }
  // Without its texts the toast would show a key: say it once they are here, or failed to come.
  await ensureCatalogPart('rest').catch(() => {});
  const text = webAuthnFailureText(failure);
  if (failure === 'cancelled') toast.info(text);
  else toast.error(text);
}
