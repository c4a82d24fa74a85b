/**
 * How a route answers (docs/ARCHITECTURE.md section 4), written in one place: the
 * route declares its answers once with `responses` (its success envelope at 200
 * and the error statuses it documents, each the message envelope the error
 * handler writes), and its handler returns `answer` or `okAnswer`. A list's
 * answer is `pageAnswer` (page-meta.ts), built on `okAnswer`.
 */
import { messageEnvelopeSchema, SERVER_MESSAGES } from '@netpulse/shared';

/** The error statuses a route may document: those plugins/error-handler.ts writes. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

type ErrorAnswers<Status extends ErrorStatus> = { [S in Status]: typeof messageEnvelopeSchema };

/** The documented error answers of a route that has no JSON success (a redirect, a page). */
export function errorResponses<const Status extends ErrorStatus>(
  ...statuses: Status[]
): ErrorAnswers<Status> {
  return Object.fromEntries(
    statuses.map((status) => [status, messageEnvelopeSchema]),
  ) as ErrorAnswers<Status>;
}

/**
 * A route's `response` schemas: its success at 200 (an envelope from
 * packages/shared, or the CSV exports' `csvExportResponse`) and its documented
 * errors; the OpenAPI document lists exactly these statuses.
 */
export function responses<Success extends object, const Status extends ErrorStatus>(
  success: Success,
  ...errors: Status[]
): { 200: Success } & ErrorAnswers<Status> {
  return { 200: success, ...errorResponses(...errors) };
}

export interface MessageAnswer {
  success: true;
  message: string;
}
export interface DataAnswer<Data> extends MessageAnswer {
  data: Data;
}

/** A success answer: the route's message and, when it has any, its data. */
export function answer(message: string): MessageAnswer;
export function answer<Data>(message: string, data: Data): DataAnswer<Data>;
export function answer<Data>(message: string, data?: Data): MessageAnswer | DataAnswer<Data> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/** A read's answer: its data under the plain "OK". */
export const okAnswer = <Data>(data: Data): DataAnswer<Data> => answer(SERVER_MESSAGES.ok, data);
