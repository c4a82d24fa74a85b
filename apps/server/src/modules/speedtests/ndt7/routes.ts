/**
 * The ndt7 endpoints (m-lab ndt7 protocol): GET /ndt/v7/download and
 * /ndt/v7/upload upgrade to a WebSocket speaking `net.measurementlab.ndt.v7`.
 * Before the upgrade the request must offer that subprotocol (else 400) and
 * carry a ticket of POST /v1/api/speedtests for this direction that is unused
 * and unexpired (else 403). What the server measures is recorded on the test
 * before the server closes the socket.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { NDT7_MAX_DURATION_MS, NDT7_SUBPROTOCOL } from '@netpulse/shared';
import { badRequest, forbidden } from '../../../lib/http-error.ts';
import { rateLimit } from '../../../lib/rate-limit.ts';
import type { Direction } from '../speedtest-policy.ts';
import { admitDirection, recordDirectionResult } from '../speedtest-service.ts';
import type { DirectionResult } from './measurement.ts';
import type { MeasurementRuns } from './measurement-runs.ts';
import { serveDownload, serveUpload } from './serve-direction.ts';
import type { TicketSigner } from './ticket.ts';

/** The largest upload message accepted (the reference client sends up to 8 MiB); larger closes the socket (1009). */
export const NDT7_MAX_MESSAGE_BYTES = 1 << 24;

/** Options of the WebSocket server (@fastify/websocket) for the ndt7 endpoints. */
export const ndt7WebSocketOptions = {
  maxPayload: NDT7_MAX_MESSAGE_BYTES,
  // Answer with the ndt7 subprotocol; admission has already refused requests without it.
  handleProtocols: (offered: Set<string>) =>
    offered.has(NDT7_SUBPROTOCOL) ? NDT7_SUBPROTOCOL : false,
} satisfies ConstructorParameters<typeof WebSocketServer>[0];

/**
 * The WebSocket plugin's settings (registered once in app.ts, before any route).
 * A socket error is usually a client gone mid-test: logged as info, not as a
 * server failure, and the run it ends records nothing.
 */
export const ndt7WebSocketPluginOptions = {
  options: ndt7WebSocketOptions,
  errorHandler: (error: Error, socket: WebSocket, request: FastifyRequest) => {
    request.log.info({ err: error }, 'ndt7 socket error');
    socket.terminate();
  },
};

export interface Ndt7RoutesOptions {
  tickets: TicketSigner;
  runs: MeasurementRuns;
  /** How long each direction runs; 10 s as ndt7 says, shorter in tests. */
  durationMs?: number;
}

const CLOSE_NORMAL = 1000;
const ticketQuerySchema = z.object({ ticket: z.string().min(1).max(200) });

function offeredSubprotocols(request: FastifyRequest): string[] {
  return (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
}

const ndt7Routes: FastifyPluginAsyncZod<Ndt7RoutesOptions> = async (app, options) => {
  const durationMs = options.durationMs ?? NDT7_MAX_DURATION_MS;
  /** The test each admitted request belongs to, from admission to the socket handler. */
  const admitted = new WeakMap<FastifyRequest, string>();

  // On shutdown the WebSocket plugin closes the sockets; let their runs store
  // what they measured before the database closes (briefly: a client may not answer).
  app.addHook('onClose', () => options.runs.allSettled(2_000));

  const serve: Record<Direction, typeof serveDownload> = {
    download: serveDownload,
    upload: serveUpload,
  };

  for (const direction of ['download', 'upload'] as const) {
    app.get(
      `/${direction}`,
      {
        websocket: true,
        schema: { querystring: ticketQuerySchema },
        config: rateLimit(30, '1 minute'),
        preValidation: async (request) => {
          if (!request.ws) throw badRequest('This is an ndt7 endpoint: connect with a WebSocket');
          if (!offeredSubprotocols(request).includes(NDT7_SUBPROTOCOL)) {
            throw badRequest(`The WebSocket subprotocol must be ${NDT7_SUBPROTOCOL}`);
          }
        },
        preHandler: async (request) => {
          const { ticket } = request.query;
          const testId = options.tickets.testIdOf(ticket, direction);
          const now = app.clock.now();
          if (!testId || !(await admitDirection(app.db, testId, direction, now))) {
            throw forbidden(
              'This speed test ticket is not valid, was used already, or has expired',
            );
          }
          admitted.set(request, testId);
        },
      },
      (socket: WebSocket, request) => {
        const testId = admitted.get(request);
        if (!testId) return socket.terminate();
        const ended = app.metrics.ndt7Started(direction);
        const run = serve[direction](socket, durationMs).then(async (result) => {
          ended(result?.bytes ?? 0);
          await record(testId, direction, result, request);
          // The client sees the end only once the result is stored.
          if (result) socket.close(CLOSE_NORMAL);
          else socket.terminate();
        });
        options.runs.track(testId, run);
      },
    );
  }

  async function record(
    testId: string,
    direction: Direction,
    result: DirectionResult | null,
    request: FastifyRequest,
  ): Promise<void> {
    if (!result) {
      request.log.info({ testId, direction }, 'ndt7 run ended without a measurement');
      return;
    }
    try {
      await recordDirectionResult(app.db, testId, direction, result, app.clock.now());
    } catch (error) {
      request.log.error({ err: error, testId, direction }, 'could not record an ndt7 measurement');
    }
  }
};

export default ndt7Routes;
