/**
 * One autocannon run against a path, spreading the requests over the given
 * sessions (one bearer token per request, round robin), so the load reads many
 * users' rows rather than one hot set.
 */
import autocannon from 'autocannon';
import type { BenchSession } from './sessions.ts';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, and socket errors or timeouts. */
  failures: number;
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  sessions?: BenchSession[];
  /** Headers every request sends, as a browser's `accept-encoding`. */
  headers?: Record<string, string>;
}

export async function loadPath(path: string, options: LoadOptions): Promise<LoadFigures> {
  let next = 0;
  const sessions = options.sessions ?? [];
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        path,
        headers: options.headers,
        setupRequest: (request) => {
          const session = sessions[next++ % Math.max(1, sessions.length)];
          if (!session) return request;
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${session.accessToken}` },
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
