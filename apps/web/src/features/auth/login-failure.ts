import { AUTH_TOASTS, isBannedRefusal } from '@netpulse/shared';
import { isApiError } from '@/lib/api-client';
import type { FailureTexts } from '@/lib/api-error-message';
import { rememberBan } from '@/lib/sign-out-notice';

/** A login's fallback texts, the same for a password, its second step and a passkey. */
export const LOGIN_FAILURE_TEXTS: FailureTexts = {
  failed: AUTH_TOASTS.loginFailure,
  exception: AUTH_TOASTS.loginRejected,
};

/**
 * A login refused for a banned account (a password or a passkey) is said once, in the notice
 * above the form (docs/decisions/033), not as a toast too: keeps its reason for the notice and
 * answers true, or answers false for any other failure.
 */
export function tellBanInNotice(error: unknown): boolean {
  const refusal = isApiError(error) ? error.envelope?.data : undefined;
  if (!isBannedRefusal(refusal)) return false;
  rememberBan(refusal.reason);
  return true;
}
