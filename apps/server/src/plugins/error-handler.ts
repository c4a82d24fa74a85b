/**
 * Maps every error to the envelope of ARCHITECTURE.md section 4 with a truthful
 * status. Client errors keep their message; server errors say only that something
 * went wrong, and the details go to the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES, type FieldErrors } from '@netpulse/shared';
import { HttpError } from '../lib/http-error.ts';
import { isDataException } from '../db/sqlstate.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

/** Turns schema issues into `{ field: [messages] }`; issues about the whole body go under `body`. */
function fieldErrors(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value');
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
        return reply.status(error.statusCode).send({
          success: false,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (isUniqueViolation(error)) {
        return reply.status(409).send({ success: false, message: 'This was already done' });
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
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The address is too long' : 'The address is not valid';
  void reply.status(status).send({ success: false, message });
}
