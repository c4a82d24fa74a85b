/**
 * Runs a test's ndt7 download then upload off the main thread, so the page
 * stays responsive while the upload fills its socket, and posts the server's
 * live speed to the page. One run per worker: the page ends it afterwards.
 */
import { runNdt7Direction, type Ndt7Progress } from '@netpulse/ndt7';
import type { SpeedtestWorkerEvent, SpeedtestWorkerRequest } from './speedtest-worker-protocol';

const post = (event: SpeedtestWorkerEvent) => self.postMessage(event);

self.onmessage = async ({ data }: MessageEvent<SpeedtestWorkerRequest>) => {
  const onProgress = ({ direction, mbps }: Ndt7Progress) =>
    post({ type: 'progress', direction, mbps });
  try {
    post({ type: 'direction-started', direction: 'download' });
    await runNdt7Direction(data.downloadUrl, 'download', onProgress);
    post({ type: 'direction-started', direction: 'upload' });
    await runNdt7Direction(data.uploadUrl, 'upload', onProgress);
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
