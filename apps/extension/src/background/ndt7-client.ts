/**
 * A small ndt7 client (the m-lab protocol the server speaks, ARCHITECTURE.md
 * section 5): one WebSocket per direction with the ndt7 subprotocol. Download
 * receives until the server closes; upload sends binary messages until the
 * server closes. The server measures both; the client only moves the bytes.
 */
import { NDT7_MAX_DURATION_MS, NDT7_SUBPROTOCOL } from '@netpulse/shared';

export type Ndt7Direction = 'download' | 'upload';

/** The size of each upload message: ndt7's smallest (2^13 bytes). */
const UPLOAD_MESSAGE_BYTES = 1 << 13;
/** Upload keeps at most this much queued, so the socket's buffer shows the link's pace. */
const UPLOAD_QUEUE_BYTES = 1 << 20;
/** The server ends each direction within 10 s; past this margin the run is given up. */
const DIRECTION_TIMEOUT_MS = NDT7_MAX_DURATION_MS + 10_000;
const CLOSE_NORMAL = 1000;

/** Random bytes, so no compression on the way can inflate the measurement. */
function uploadMessage(): Uint8Array<ArrayBuffer> {
  const message = new Uint8Array(UPLOAD_MESSAGE_BYTES);
  crypto.getRandomValues(message);
  return message;
}

/**
 * Runs one direction against `url` (from POST /v1/api/speedtests, ticket
 * included). Resolves with the payload bytes this side moved once the server
 * closed normally; rejects when the socket fails or the server overruns.
 */
export function runNdt7Direction(url: string, direction: Ndt7Direction): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, NDT7_SUBPROTOCOL);
    socket.binaryType = 'arraybuffer';
    let bytes = 0;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      if (error) reject(error);
      else resolve(bytes);
    };
    const timeout = setTimeout(() => {
      socket.close();
      finish(new Error(`The ndt7 ${direction} did not end in time`));
    }, DIRECTION_TIMEOUT_MS);

    const message = direction === 'upload' ? uploadMessage() : null;
    const pump = () => {
      if (!message) return;
      while (socket.readyState === WebSocket.OPEN && socket.bufferedAmount < UPLOAD_QUEUE_BYTES) {
        socket.send(message);
        bytes += message.byteLength;
      }
      if (socket.readyState === WebSocket.OPEN) setTimeout(pump, 10);
    };

    socket.onopen = pump;
    socket.onmessage = (event) => {
      // Binary messages are the download's payload; text ones are the server's measurements.
      if (event.data instanceof ArrayBuffer) bytes += event.data.byteLength;
    };
    socket.onerror = () => finish(new Error(`The ndt7 ${direction} connection failed`));
    socket.onclose = (event) => {
      if (event.code === CLOSE_NORMAL) finish();
      else finish(new Error(`The ndt7 ${direction} ended abnormally (${event.code})`));
    };
  });
}
