import type { Ndt7Direction } from '@netpulse/ndt7';

/** The page asks the worker to run both directions of an opened test. */
export interface SpeedtestWorkerRequest {
  downloadUrl: string;
  uploadUrl: string;
}

/** What the worker tells the page: the live speed, then the end of the run or why it failed. */
export type SpeedtestWorkerEvent =
  | { type: 'progress'; direction: Ndt7Direction; mbps: number }
  | { type: 'direction-started'; direction: Ndt7Direction }
  | { type: 'done' }
  | { type: 'failed'; message: string };
