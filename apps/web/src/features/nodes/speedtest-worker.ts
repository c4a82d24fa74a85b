import { NODE_SCREEN_TEXTS } from '@netpulse/shared';
import type { Ndt7Progress } from '@netpulse/ndt7';
import type { SpeedtestWorkerEvent, SpeedtestWorkerRequest } from './speedtest-worker-protocol';

/** The ndt7 run failed in the browser (not at the server); `message` is what to show. */
export class MeasurementFailed extends Error {}

/**
 * Runs both directions in a new Web Worker (ndt7.worker.ts, its own chunk),
 * reporting each direction's start at 0 and the server's live speed to
 * `onProgress`; resolves when both ended, and the worker is gone either way.
 * `signal` ends the run early (the screen was left).
 */
export function measureInWorker(
  request: SpeedtestWorkerRequest,
  onProgress: (progress: Ndt7Progress) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (typeof Worker === 'undefined') {
      reject(new MeasurementFailed(NODE_SCREEN_TEXTS.workerUnavailable));
      return;
    }
    const worker = new Worker(new URL('./ndt7.worker.ts', import.meta.url), { type: 'module' });
    const end = (outcome: () => void) => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    const fail = (detail: string) => {
      console.error('The ndt7 run failed:', detail);
      end(() => reject(new MeasurementFailed(NODE_SCREEN_TEXTS.speedtestFailed)));
    };
    const abort = () => fail('the screen was left');
    signal?.addEventListener('abort', abort);

    worker.onmessage = ({ data }: MessageEvent<SpeedtestWorkerEvent>) => {
      if (data.type === 'direction-started') onProgress({ direction: data.direction, mbps: 0 });
      else if (data.type === 'progress') onProgress({ direction: data.direction, mbps: data.mbps });
      else if (data.type === 'done') end(resolve);
      else fail(data.message);
    };
    worker.onerror = (event) => fail(event.message || 'the worker stopped');
    worker.postMessage(request);
  });
}
