/**
 * The account's passkeys under /v1/api/account (issue 29), signed in and a web session's
 * only: registration options, adding, listing, renaming and removing. The rules live in
 * passkey-service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPasskeyRequestSchema,
  dataEnvelope,
  messageEnvelopeSchema,
  PASSKEY_MESSAGES,
  passkeyIdParamsSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  passkeysSchema,
  renamePasskeyRequestSchema,
} from '@netpulse/shared';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { PASSKEY_RATE_LIMITS } from './passkey-rate-limits.ts';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renameAccountPasskey,
} from './passkey-service.ts';

const passkeyEnvelope = dataEnvelope(passkeySchema);

const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Who made a change, as its security event records them. */
  const actorOf = (request: Parameters<typeof sessionUserOf>[0]) => ({
    userId: sessionUserOf(request).id,
    userAgent: request.headers['user-agent'],
    address: request.ip,
  });

  app.post(
    '/passkeys/options',
    {
      schema: {
        tags: ['account'],
        summary:
          'Options for the browser to make a passkey of this account (navigator.credentials.create); valid 5 minutes',
        response: responses(dataEnvelope(passkeyRegistrationOptionsSchema), 401, 409, 429, 503),
      },
      config: PASSKEY_RATE_LIMITS.registrationOptions,
    },
    async (request) => okAnswer(await registrationOptions(app, sessionUserOf(request).id)),
  );

  app.post(
    '/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: 'Add the passkey the browser made from the latest options, with a name',
        body: addPasskeyRequestSchema,
        response: responses(passkeyEnvelope, 400, 401, 409, 429, 503),
      },
      config: PASSKEY_RATE_LIMITS.add,
    },
    async (request) =>
      answer(PASSKEY_MESSAGES.added, await addPasskey(app, actorOf(request), request.body)),
  );

  app.get(
    '/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: "The account's passkeys, in the order they were added, with their last use",
        response: responses(dataEnvelope(passkeysSchema), 401, 429),
      },
      config: PASSKEY_RATE_LIMITS.list,
    },
    async (request) => okAnswer(await listPasskeys(app, sessionUserOf(request).id)),
  );

  app.patch(
    '/passkeys/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Rename a passkey of the account',
        params: passkeyIdParamsSchema,
        body: renamePasskeyRequestSchema,
        response: responses(passkeyEnvelope, 400, 401, 404, 429),
      },
      config: PASSKEY_RATE_LIMITS.rename,
    },
    async (request) => {
      const key = { userId: sessionUserOf(request).id, id: request.params.id };
      return answer(
        PASSKEY_MESSAGES.renamed,
        await renameAccountPasskey(app, key, request.body.name),
      );
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove a passkey of the account: it no longer signs in',
        params: passkeyIdParamsSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 404, 429),
      },
      config: PASSKEY_RATE_LIMITS.remove,
    },
    async (request) => {
      await removePasskey(app, actorOf(request), request.params.id);
      return answer(PASSKEY_MESSAGES.removed);
    },
  );
};

export default passkeyRoutes;
