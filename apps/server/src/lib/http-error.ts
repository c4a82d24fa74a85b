import type { FieldErrors } from '@netpulse/shared';
import { english, type ServerText } from './server-intl.ts';

/**
 * An error a client caused or may see: the central error handler sends its
 * status and its text, in the request's language, in the envelope. `message`
 * is the English (logs, tests); `text` what is translated.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: ServerText,
    readonly errors?: FieldErrors,
    /** What the client needs to act on the refusal (a wait, a ban's notice); the route's schema for this status names it. */
    readonly data?: unknown,
  ) {
    super(english(text));
  }
}

export const badRequest = (message: ServerText, errors?: FieldErrors) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: ServerText) => new HttpError(401, message);
export const forbidden = (message: ServerText) => new HttpError(403, message);
export const notFound = (message: ServerText) => new HttpError(404, message);
export const conflict = (message: ServerText) => new HttpError(409, message);
export const unavailable = (message: ServerText) => new HttpError(503, message);
export const tooManyRequests = (message: ServerText) => new HttpError(429, message);

/**
 * A banned account's refusal (docs/decisions/033): 403 with what the operator
 * chose to tell the person, so the web app can sign out and say why.
 */
export const bannedRefusal = (message: ServerText, notice: string | null) =>
  new HttpError(403, message, undefined, { banned: true, reason: notice });
