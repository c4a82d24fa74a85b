/**
 * How a route answers (docs/ARCHITECTURE.md section 4), written in one place: the
 * route declares its answers once with `responses` (its success envelope at 200
 * and the error statuses it documents, each the message envelope the error
 * handler writes), and its handler returns `answer` or `okAnswer`. A list's
 * answer is `pageAnswer` (page-meta.ts), built on `okAnswer`. An envelope's
 * message is written in English and said in the request's language as it is
 * sent (`localizeEnvelope`, run by plugins/localize-answers.ts).
 */
import type { CatalogLocale } from '@netpulse/i18n';
import { messageEnvelopeSchema, SERVER_MESSAGES, type FieldErrors } from '@netpulse/shared';
import { english, translate, type LocalizedText, type ServerText } from './server-intl.ts';

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

/**
 * The messages with values of the envelopes about to be sent, by envelope: the envelope
 * holds their English, and `localizeEnvelope` formats them again in the request's language.
 */
const localizedMessages = new WeakMap<object, LocalizedText>();

/** An envelope whose message is `text`: its English now, its translation when sent. */
export function withMessage<Envelope extends object>(
  envelope: Envelope,
  text: ServerText,
): Envelope & { message: string } {
  const sent = { ...envelope, message: english(text) };
  if (typeof text !== 'string') localizedMessages.set(sent, text);
  return sent;
}

/** A success answer: the route's message and, when it has any, its data. */
export function answer(message: ServerText): MessageAnswer;
export function answer<Data>(message: ServerText, data: Data): DataAnswer<Data>;
export function answer<Data>(message: ServerText, data?: Data): MessageAnswer | DataAnswer<Data> {
  if (typeof message !== 'string') {
    return withMessage(data === undefined ? { success: true } : { success: true, data }, message);
  }
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/** A read's answer: its data under the plain "OK". */
export const okAnswer = <Data>(data: Data): DataAnswer<Data> => answer(SERVER_MESSAGES.ok, data);

interface Envelope {
  message?: unknown;
  errors?: unknown;
}

/**
 * An envelope in `locale`: its message (a registered text of packages/shared by its key, a
 * message with values by its descriptor) and each field's messages of `errors` (the shared
 * schemas' validation texts). Any other text stays as it is. A copy: a route may answer with
 * an envelope it keeps.
 */
export function localizeEnvelope<Payload>(payload: Payload, locale: CatalogLocale): Payload {
  if (payload === null || typeof payload !== 'object') return payload;
  const envelope = payload as Envelope;
  if (typeof envelope.message !== 'string') return payload;
  const localized = localizedMessages.get(payload);
  const message = translate(locale, localized ?? envelope.message);
  const errors = envelope.errors;
  if (errors === null || typeof errors !== 'object') {
    return message === envelope.message ? payload : { ...payload, message };
  }
  const translatedErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors as FieldErrors)) {
    translatedErrors[field] = Array.isArray(messages)
      ? messages.map((text) => translate(locale, text))
      : messages;
  }
  return { ...payload, message, errors: translatedErrors };
}
