/**
 * The nodes API under /v1/api/nodes (docs/decisions/018), signed in. The
 * rules live in nodes-service.ts; the public refresh of a node's own session is
 * node-session-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  extensionNoticesSchema,
  messageEnvelopeSchema,
  NODE_HEARTBEAT_INTERVAL_MS,
  NODE_MESSAGES,
  nodeHeartbeatRequestSchema,
  nodeListSchema,
  nodeParamsSchema,
  nodeSchema,
  registeredNodeSchema,
  registerNodeRequestSchema,
  renameNodeRequestSchema,
} from '@netpulse/shared';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { unverifiedSessionIdOf } from '../auth/index.ts';
import {
  listNodes,
  nodeHeartbeat,
  registerNode,
  removeNode,
  renameNode,
  selfNotices,
} from './nodes-service.ts';

/**
 * A node beats every NODE_HEARTBEAT_INTERVAL_MS; this many per interval leaves
 * slack for a restart or a retry, and no more. Counted per session (the node),
 * not per address: several nodes may share one.
 */
const HEARTBEATS_PER_INTERVAL = 5;
/** The allowance of one node-session call made once per heartbeat interval, counted per session under `name`. */
const perNodeSession = (name: string) => ({
  rateLimit: {
    max: HEARTBEATS_PER_INTERVAL,
    timeWindow: NODE_HEARTBEAT_INTERVAL_MS,
    keyGenerator: (request: { headers: { authorization?: string }; ip: string }) => {
      const sessionId = unverifiedSessionIdOf(request.headers.authorization);
      return sessionId ? `${name}:${sessionId}` : `${name}-ip:${request.ip}`;
    },
  },
});
const heartbeatLimit = perNodeSession('node-heartbeat');
const selfNoticesLimit = perNodeSession('node-notices');

const nodeEnvelope = dataEnvelope(nodeSchema);

const nodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/nodes',
    {
      schema: {
        tags: ['nodes'],
        summary: "The account's live nodes, oldest first, with their status and results",
        response: responses(dataEnvelope(nodeListSchema), 401, 429),
      },
      config: rateLimit(120, '1 minute'),
    },
    async (request) => okAnswer(await listNodes(app, sessionUserOf(request).id)),
  );

  app.post(
    '/nodes',
    {
      schema: {
        tags: ['nodes'],
        summary:
          'Register this installation as a node (again: answered as it is); an extension gets a session of its own',
        body: registerNodeRequestSchema,
        response: responses(dataEnvelope(registeredNodeSchema), 400, 401, 409, 429),
      },
      config: rateLimit(30, '1 minute'),
    },
    async (request) =>
      answer(
        NODE_MESSAGES.registered,
        await registerNode(app, sessionUserOf(request).id, request.body, request.ip),
      ),
  );

  app.post(
    '/nodes/heartbeat',
    {
      schema: {
        tags: ['nodes'],
        summary: "A node's heartbeat, sent with its own session: its version and next planned test",
        body: nodeHeartbeatRequestSchema,
        response: responses(nodeEnvelope, 400, 401, 403, 429),
      },
      // Only a node's own session beats for it (a web session gets 403 from the service).
      config: { ...heartbeatLimit, nodeSession: true },
    },
    async (request) => {
      const { id, sessionId } = sessionUserOf(request);
      return answer(
        NODE_MESSAGES.heartbeat,
        await nodeHeartbeat(app, { userId: id, sessionId }, request.body),
      );
    },
  );

  app.get(
    '/nodes/self/notices',
    {
      schema: {
        tags: ['nodes'],
        summary:
          "What an extension node shows as browser notifications, with its own session: its offline and back-online notices and the account's claim reminder",
        response: responses(dataEnvelope(extensionNoticesSchema), 401, 403, 429),
      },
      // Polled with the heartbeat: an allowance like its own.
      config: { ...selfNoticesLimit, nodeSession: true },
    },
    async (request) => {
      // The account's language, not the node's English (answerLocale): these texts are shown
      // to the person as they are, not compared by the extension's code.
      const { id, sessionId, locale } = sessionUserOf(request);
      return okAnswer(await selfNotices(app, { userId: id, sessionId, locale }));
    },
  );

  app.patch(
    '/nodes/:nodeId',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Rename a node',
        params: nodeParamsSchema,
        body: renameNodeRequestSchema,
        response: responses(nodeEnvelope, 400, 401, 404, 429),
      },
      config: rateLimit(30, '1 minute'),
    },
    async (request) =>
      answer(
        NODE_MESSAGES.renamed,
        await renameNode(app, sessionUserOf(request).id, request.params.nodeId, request.body.name),
      ),
  );

  app.delete(
    '/nodes/:nodeId',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Remove a node: its extension is signed out, its tests stay',
        params: nodeParamsSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 404, 429),
      },
      config: rateLimit(30, '1 minute'),
    },
    async (request) => {
      const kind = await removeNode(app, sessionUserOf(request).id, request.params.nodeId);
      const message = kind === 'browser' ? NODE_MESSAGES.removedBrowser : NODE_MESSAGES.removed;
      return answer(message);
    },
  );
};

export default nodeRoutes;
