/**
 * Maps every error to the envelope of docs/ARCHITECTURE.md section 4 with a truthful
 * status. Client errors keep their message; server errors say only that something
 * went wrong, and the details go to the log. The envelopes are written in English and
 * said in the request's language by plugins/localize-answers.ts; the two answers written
 * before any hook runs (the router's and the HTTP parser's refusals) are translated here.
 */
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES, type FieldErrors } from '@netpulse/shared';
import { HttpError } from '../lib/http-error.ts';
import { withMessage } from '../lib/replies.ts';
import { requestedLocale } from '../lib/request-locale.ts';
import { translate } from '../lib/server-intl.ts';
import { isDataException } from '../db/sqlstate.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

/** Turns schema issues into `{ field: [messages] }`; issues about the whole body go under `body`. */
function fieldErrors(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    (errors[field] ??= []).push(issue.message ?? SERVER_MESSAGES.invalidValue);
  }
  return errors;
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({
          success: false,
          message: SERVER_MESSAGES.validationFailed,
          errors: fieldErrors(error.validation),
        });
      }
      if (error instanceof HttpError) {
        const envelope = {
          success: false,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.data !== undefined ? { data: error.data } : {}),
        };
        return reply.status(error.statusCode).send(withMessage(envelope, error.text));
      }
      if (isUniqueViolation(error)) {
        return reply.status(409).send({ success: false, message: SERVER_MESSAGES.alreadyDone });
      }
      if (isDataException(error)) {
        // The shared schemas bound every input, so this is a gap in them: logged to be closed,
        // but answered as what it is, a value of the client's the database cannot hold.
        request.log.error({ err: error }, 'a request value reached the database out of range');
        return reply.status(400).send({ success: false, message: SERVER_MESSAGES.valueOutOfRange });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ success: false, message: SERVER_MESSAGES.tooManyRequests });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, wrong content type, body too large.
        return reply.status(status).send({ success: false, message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ success: false, message: SERVER_MESSAGES.internalError });
    });
  },
  { name: 'error-handler' },
);

/**
 * The router refuses some addresses before any route or error handler sees them
 * (a malformed escape, a parameter over the length limit); without this they get
 * Fastify's own body, which is not the envelope and repeats the address.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const english = status === 414 ? SERVER_MESSAGES.addressTooLong : SERVER_MESSAGES.addressInvalid;
  // No hook has run: the language is the request's own (no session is known yet).
  void reply
    .status(status)
    .send({ success: false, message: translate(requestedLocale(request), english) });
}

/** What the HTTP parser refuses, by its error code; anything else is a bad request. */
const PARSER_REFUSALS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
};
const BAD_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  message: 'The request is not valid HTTP',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown
 * method such as TRACK, a malformed request line, headers too large). Fastify's
 * own answer is not the envelope, so this writes the envelope on the socket.
 */
export function clientErrors(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = PARSER_REFUSALS[error.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ success: false, message: refusal.message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
