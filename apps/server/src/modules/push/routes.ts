/**
 * Web Push under /v1/api/push (issue 30), signed in, for a web session only (the signed-in
 * scope refuses an extension node's session: these routes do not declare `nodeSession`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageEnvelopeSchema,
  PUSH_MESSAGES,
  dataEnvelope,
  pushEndpointSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
} from '@netpulse/shared';
import { rateLimit } from '../../lib/rate-limit.ts';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { subscribe, unsubscribe } from './push-subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushRoutesOptions {
  vapidKeys: VapidKeys;
}

const tags = ['push'];
const WRITE_RATE_LIMIT = rateLimit(30, '1 minute');

const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, options) => {
  app.get(
    '/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key (base64url) a browser subscribes to push with',
        response: responses(dataEnvelope(pushPublicKeySchema), 401, 429),
      },
      config: rateLimit(60, '1 minute'),
    },
    async () => okAnswer({ publicKey: options.vapidKeys.publicKey }),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Turns push on in this browser: stores its PushSubscription for your account (a browser another account had moves to yours; past 10 browsers the oldest is dropped)',
        body: pushSubscriptionSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 429),
      },
      config: WRITE_RATE_LIMIT,
    },
    async (request) => {
      await subscribe(
        app.db,
        sessionUserOf(request).id,
        request.body,
        request.headers['user-agent'],
        { allowLocalEndpoints: app.config.NODE_ENV !== 'production' },
      );
      return answer(PUSH_MESSAGES.subscribed);
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        tags,
        summary: "Turns push off in this browser: forgets your account's subscription at endpoint",
        body: pushEndpointSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 404, 429),
      },
      config: WRITE_RATE_LIMIT,
    },
    async (request) => {
      await unsubscribe(app.db, sessionUserOf(request).id, request.body.endpoint);
      return answer(PUSH_MESSAGES.unsubscribed);
    },
  );
};

export default pushRoutes;
