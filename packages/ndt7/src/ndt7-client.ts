/**
 * A small ndt7 client (the m-lab protocol the server speaks, docs/ARCHITECTURE.md
 * section 5): one WebSocket per direction with the ndt7 subprotocol. Download
 * receives until the server closes; upload sends binary messages until the
 * server closes. The server measures both; the client only moves the bytes.
 *
 * It needs only WebSocket and crypto, which a service worker, a page and a Web
 * Worker all have: the extension's background runs it, and the web app's page
 * test runs it in a Web Worker. It is a package of its own, `@netpulse/ndt7`,
 * so neither app depends on the other and packages/shared stays free of I/O.
 */
import { NDT7_MAX_DURATION_MS, NDT7_SUBPROTOCOL } from '@netpulse/shared';

export type Ndt7Direction = 'download' | 'upload';

/** What the server measured so far of a direction, from its Measurement messages. */
export interface Ndt7Progress {
  direction: Ndt7Direction;
  /** Megabits per second: the server's bytes over its elapsed time. */
  mbps: number;
}

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
 * The speed in a Measurement text message (`AppInfo.NumBytes` over
 * `AppInfo.ElapsedTime` in microseconds), or null when it carries none.
 */
export function measurementMbps(text: string): number | null {
  let measurement: unknown;
  try {
    measurement = JSON.parse(text);
  } catch {
    return null;
  }
  const appInfo = (measurement as { AppInfo?: { NumBytes?: unknown; ElapsedTime?: unknown } })
    ?.AppInfo;
  const bytes = appInfo?.NumBytes;
  const elapsedUs = appInfo?.ElapsedTime;
  if (typeof bytes !== 'number' || typeof elapsedUs !== 'number' || elapsedUs <= 0) return null;
  return (bytes * 8) / elapsedUs;
}

/**
 * Runs one direction against `url` (from POST /v1/api/speedtests, ticket
 * included). Resolves with the payload bytes this side moved once the server
 * closed normally; rejects when the socket fails or the server overruns.
 * `onProgress` hears the speed the server measured, about every 250 ms: shown
 * live, never reported (the server keeps its own figures).
 */
export function runNdt7Direction(
  url: string,
  direction: Ndt7Direction,
  onProgress?: (progress: Ndt7Progress) => void,
): Promise<number> {
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
      if (event.data instanceof ArrayBuffer) {
        bytes += event.data.byteLength;
      } else if (onProgress && typeof event.data === 'string') {
        const mbps = measurementMbps(event.data);
        if (mbps !== null) onProgress({ direction, mbps });
      }
    };
    socket.onerror = () => finish(new Error(`The ndt7 ${direction} connection failed`));
    socket.onclose = (event) => {
      if (event.code === CLOSE_NORMAL) finish();
      else finish(new Error(`The ndt7 ${direction} ended abnormally (${event.code})`));
    };
  });
}
