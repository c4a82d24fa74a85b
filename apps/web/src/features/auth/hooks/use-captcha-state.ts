import { VALIDATION } from '@netpulse/shared';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';

/**
 * The captcha side of an auth form: the solved token, the key that resets the
 * widget, and the message beneath it (unsolved on submit, or refused by the server).
 */
export function useCaptchaState() {
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [missing, setMissing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  return {
    token,
    resetKey,
    error: missing && !token ? VALIDATION.captchaRequired : (serverError ?? undefined),
    onVerify: (captchaResponse: string) => {
      setToken(captchaResponse);
      setMissing(false);
      setServerError(null);
    },
    onExpire: () => setToken(null),
    /** A solution is single use: after a submit the widget must be solved again. */
    reset: () => {
      setToken(null);
      setResetKey((key) => key + 1);
    },
    /** Flags the error beneath the widget when it is unsolved (the fields are invalid too). */
    flagIfMissing: () => setMissing(!token),
    /** The token for a submit, or null after telling the user to solve the captcha. */
    require: (): string | null => {
      if (token) return token;
      setMissing(true);
      toast.error(VALIDATION.captchaRequired);
      return null;
    },
    /** Shows the server's captcha verdict (a 400 with `errors.captchaResponse`) beneath the widget. */
    showServerError: (error: unknown) => {
      const messages = isApiError(error) ? error.fieldErrors.captchaResponse : undefined;
      if (messages?.length) setServerError(messages.join(' '));
    },
  };
}
