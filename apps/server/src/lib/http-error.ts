import type { FieldErrors } from '@netpulse/shared';

/**
 * An error a client caused or may see: the central error handler sends its
 * status and message in the envelope as they are.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** What the client needs to act on the refusal (a wait, a ban's notice); the route's schema for this status names it. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = (message: string) => new HttpError(503, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/**
 * A banned account's refusal (docs/decisions/033): 403 with what the operator
 * chose to tell the person, so the web app can sign out and say why.
 */
export const bannedRefusal = (message: string, notice: string | null) =>
  new HttpError(403, message, undefined, { banned: true, reason: notice });
