import { GENERIC_TOASTS } from '@netpulse/shared';
import { isApiError } from './api-client';

/** The server's explanation of a failed call: its field errors, else its message, else null. */
export function serverErrorText(error: unknown): string | null {
  if (!isApiError(error) || !error.envelope) return null;
  const fieldMessages = Object.values(error.envelope.errors ?? {})
    .flat()
    .filter((message) => message.trim() !== '');
  if (fieldMessages.length > 0) return [...new Set(fieldMessages)].join('\n');
  return error.envelope.message.trim() || null;
}

/** A flow's fallback texts (spec section 8). */
export interface FailureTexts {
  /** The server answered with a failure but gave no explanation. */
  failed: string;
  /** The call never got an answer (network failure, exception). */
  exception: string;
}

/** What to tell the user about a failed call: the server's words when it gave some. */
export function failureMessage(error: unknown, texts: FailureTexts): string {
  if (isApiError(error)) return serverErrorText(error) ?? texts.failed;
  return texts.exception;
}

/** The general fallback texts: 'Something went wrong', and with a bang when no answer came. */
export const GENERIC_FAILURE_TEXTS: FailureTexts = {
  failed: GENERIC_TOASTS.somethingWentWrong,
  exception: GENERIC_TOASTS.somethingWentWrongBang,
};

/** The general rule: a failed answer shows its message, or 'Something went wrong' if none. */
export function apiFailureMessage(error: unknown): string {
  return failureMessage(error, GENERIC_FAILURE_TEXTS);
}
