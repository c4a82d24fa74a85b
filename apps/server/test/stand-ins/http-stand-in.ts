/**
 * A tiny HTTP server for the platform stand-ins: each answers the handful of
 * calls our adapters make, with the shapes the platforms document. Test-only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's bytes, for binary bodies (an encrypted push). */
  raw: Buffer;
}

export interface StandInAnswer {
  status: number;
  json?: unknown;
  text?: string;
  /** A redirect for the browser-facing pages (authorize screens). */
  location?: string;
}

export type StandInHandler = (request: StandInRequest) => StandInAnswer;

export interface RunningStandIn {
  url: string;
  /** Every request received, for tests that check what was asked. */
  requests: StandInRequest[];
  close(): Promise<void>;
}

function send(response: ServerResponse, answer: StandInAnswer): void {
  if (answer.location) {
    response.writeHead(answer.status, { location: answer.location });
    response.end();
  } else if (answer.json !== undefined) {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.json));
  } else {
    response.writeHead(answer.status, { 'content-type': 'application/x-www-form-urlencoded' });
    response.end(answer.text ?? '');
  }
}

/** Listens on 127.0.0.1 (port 0 picks a free one) and routes every request to `handle`. */
export async function startStandIn(handle: StandInHandler, port = 0): Promise<RunningStandIn> {
  const requests: StandInRequest[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const raw = Buffer.concat(chunks);
      const request: StandInRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://stand-in.local'),
        headers: incoming.headers,
        body: raw.toString('utf8'),
        raw,
      };
      requests.push(request);
      try {
        send(response, handle(request));
      } catch (error) {
        send(response, { status: 500, json: { message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
