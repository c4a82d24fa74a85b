/**
 * The two ndt7 subtests as the server runs them. Each resolves when its
 * direction ends, at the deadline or when the client closes, with what the
 * server measured, or with null when the client broke the protocol or the
 * connection failed (then nothing is recorded). Closing the socket is left to
 * the caller, which records the result first.
 */
import { randomBytes } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { DirectionMeter, RoundTripProbe, type DirectionResult } from './measurement.ts';

/** Download messages start at 8 KiB and double, up to 1 MiB, while under 1/16 of the bytes sent. */
const INITIAL_MESSAGE_BYTES = 1 << 13;
const MAX_MESSAGE_BYTES = 1 << 20;
const SCALING_FRACTION = 16;

interface Run {
  /** Ends the run: measured (`true`) or not. Later calls do nothing. */
  finish(measured: boolean): void;
  readonly finished: boolean;
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/**
 * Runs a direction until the deadline, the client's close, or a failure; settles
 * once. The round trip is probed for the whole run, in both directions.
 */
function runDirection(
  socket: WebSocket,
  durationMs: number,
  meter: DirectionMeter,
  start: (run: Run) => void,
): Promise<DirectionResult | null> {
  // Its first ping goes before any payload: the download's queue is not in it yet.
  const roundTrips = new RoundTripProbe(socket);
  return new Promise((resolve) => {
    const run = {
      finished: false,
      finish(measured: boolean) {
        if (run.finished) return;
        run.finished = true;
        clearTimeout(deadline);
        meter.report();
        meter.stop();
        roundTrips.stop();
        resolve(
          measured
            ? { bytes: meter.bytes, elapsedUs: meter.elapsedUs(), latencyMs: roundTrips.minMs }
            : null,
        );
      },
    };
    const deadline = setTimeout(() => run.finish(true), durationMs);
    socket.on('close', () => run.finish(true));
    socket.on('error', () => run.finish(false));
    start(run);
  });
}

/**
 * Download: random binary messages as fast as the connection takes them, one
 * in flight at a time (the send callback fires once the kernel has the bytes,
 * which is when they count), plus the Measurement every 250 ms. A binary
 * message from the client breaks ndt7's half-duplex rule: the run ends unmeasured.
 */
export function serveDownload(
  socket: WebSocket,
  durationMs: number,
): Promise<DirectionResult | null> {
  const meter = new DirectionMeter(socket, 'download');
  return runDirection(socket, durationMs, meter, (run) => {
    socket.on('message', (_data, isBinary) => {
      if (isBinary) run.finish(false);
    });
    let payload = randomBytes(INITIAL_MESSAGE_BYTES);
    const sendNext = () => {
      if (run.finished || socket.readyState !== socket.OPEN) return;
      const message = payload;
      socket.send(message, { binary: true }, (error) => {
        if (error || run.finished) return; // the socket's own events end the run
        meter.bytes += message.length;
        if (
          payload.length < MAX_MESSAGE_BYTES &&
          payload.length <= meter.bytes / SCALING_FRACTION
        ) {
          payload = randomBytes(payload.length * 2);
        }
        sendNext();
      });
    };
    sendNext();
  });
}

/**
 * Upload: the client sends binary messages and the server counts their bytes
 * itself (the client's own measurements are never read), sending its
 * Measurement every 250 ms so the client can show the speed the server sees.
 */
export function serveUpload(
  socket: WebSocket,
  durationMs: number,
): Promise<DirectionResult | null> {
  const meter = new DirectionMeter(socket, 'upload');
  return runDirection(socket, durationMs, meter, (run) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary && !run.finished) meter.bytes += byteLength(data);
    });
  });
}
