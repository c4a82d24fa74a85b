/**
 * A small ndt7 client over `ws`, speaking the protocol as m-lab's ndt7-js does
 * (whose package runs its tests in browser Web Workers and so not in Node):
 * the `net.measurementlab.ndt.v7` subprotocol, download reads and discards
 * binary messages, upload sends random binary messages that grow from 8 KiB
 * while keeping a few queued, and both collect the server's Measurements.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { NDT7_SUBPROTOCOL } from '@netpulse/shared';
import type { Ndt7Measurement } from '../../src/modules/speedtests/ndt7/measurement.ts';

export interface Ndt7ClientRun {
  /** The subprotocol the server chose. */
  protocol: string;
  /** Every Measurement the server sent, in order. */
  measurements: Ndt7Measurement[];
  /** Payload bytes the client received (download) or handed to its socket (upload). */
  payloadBytes: number;
  closeCode: number;
  /** WebSocket pings the server sent (ws answers each with a pong by itself). */
  pings: number;
}

const INITIAL_MESSAGE_BYTES = 1 << 13;
const MAX_MESSAGE_BYTES = 1 << 20;
/** The client gives up if the server has not closed by then. */
const CLIENT_TIMEOUT_MS = 15_000;

function open(url: string): { socket: WebSocket; closed: Promise<number> } {
  const socket = new WebSocket(url, NDT7_SUBPROTOCOL);
  const closed = new Promise<number>((resolve, reject) => {
    const timeout = setTimeout(() => {
      socket.terminate();
      reject(new Error('the ndt7 server did not close in time'));
    }, CLIENT_TIMEOUT_MS);
    socket.on('close', (code) => {
      clearTimeout(timeout);
      resolve(code);
    });
    socket.on('unexpected-response', (_request, response) => {
      clearTimeout(timeout);
      reject(new Error(`the ndt7 server refused the upgrade with ${response.statusCode}`));
    });
    socket.on('error', (error) => {
      clearTimeout(timeout);
      reject(error);
    });
  });
  return { socket, closed };
}

/** Counts the server's pings on the socket. */
function countPings(socket: WebSocket): { count: number } {
  const pings = { count: 0 };
  socket.on('ping', () => (pings.count += 1));
  return pings;
}

function collectMeasurements(socket: WebSocket, onBinary: (bytes: number) => void) {
  const measurements: Ndt7Measurement[] = [];
  socket.on('message', (data, isBinary) => {
    const buffer = data as Buffer;
    if (isBinary) onBinary(buffer.length);
    else measurements.push(JSON.parse(buffer.toString('utf8')) as Ndt7Measurement);
  });
  return measurements;
}

/** The download subtest: read until the server closes. */
export async function ndt7Download(url: string): Promise<Ndt7ClientRun> {
  const { socket, closed } = open(url);
  const pings = countPings(socket);
  let payloadBytes = 0;
  const measurements = collectMeasurements(socket, (bytes) => (payloadBytes += bytes));
  const closeCode = await closed;
  return { protocol: socket.protocol, measurements, payloadBytes, closeCode, pings: pings.count };
}

/** The upload subtest: send until the server closes the socket. */
export async function ndt7Upload(url: string): Promise<Ndt7ClientRun> {
  const { socket, closed } = open(url);
  const pings = countPings(socket);
  let payloadBytes = 0;
  const measurements = collectMeasurements(socket, () => {
    throw new Error('the server sent a binary message during the upload');
  });
  socket.on('open', () => {
    let message = randomBytes(INITIAL_MESSAGE_BYTES);
    const pump = () => {
      if (socket.readyState !== WebSocket.OPEN) return;
      const sent = payloadBytes - socket.bufferedAmount;
      if (message.length < MAX_MESSAGE_BYTES && sent >= 16 * message.length) {
        message = randomBytes(message.length * 2);
      }
      if (socket.bufferedAmount < 7 * message.length) {
        socket.send(message, { binary: true });
        payloadBytes += message.length;
      }
      setTimeout(pump, 0);
    };
    pump();
  });
  const closeCode = await closed;
  return { protocol: socket.protocol, measurements, payloadBytes, closeCode, pings: pings.count };
}

/**
 * The HTTP status the server answers an upgrade request with (101 when it
 * upgrades; the socket is then closed at once).
 */
export function upgradeStatus(url: string, protocols?: string | string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    socket.on('upgrade', () => {
      socket.terminate();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    socket.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

/** Opens an ndt7 socket, sends `message` once open, and resolves with the close code. */
export function sendOnceAndWaitForClose(url: string, message: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, NDT7_SUBPROTOCOL);
    socket.on('open', () => socket.send(message, { binary: true }));
    socket.on('close', (code) => resolve(code));
    socket.on('error', (error) => {
      // A terminated socket may report ECONNRESET before its close event.
      if (!/ECONNRESET|EPIPE/.test(String((error as NodeJS.ErrnoException).code))) reject(error);
    });
  });
}
