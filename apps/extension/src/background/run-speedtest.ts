/**
 * One speed test, as docs/ARCHITECTURE.md section 5 defines it: open a session,
 * run ndt7 download then upload against its URLs, complete it with
 * POST /v1/api/points (with a position only when the user allowed it).
 */
import {
  completedSpeedtestSchema,
  speedtestSessionSchema,
  type CompletedSpeedtest,
} from '@netpulse/shared';
import { englishText, WORKER_TEXTS } from '../lib/worker-texts.ts';
import { API_PATHS, ApiFailure, type ApiClient } from './api-client.ts';
import type { Position } from './geolocation.ts';
import type { Ndt7Direction } from '@netpulse/ndt7';

export interface SpeedtestDeps {
  api: ApiClient;
  runDirection: (url: string, direction: Ndt7Direction) => Promise<number>;
  /** The position to share, or null; not called when the user did not allow it. */
  locate: (() => Promise<Position | null>) | null;
}

export async function runSpeedtest(deps: SpeedtestDeps): Promise<CompletedSpeedtest> {
  const session = await deps.api.call('POST', API_PATHS.speedtests, speedtestSessionSchema);
  // The position is looked up while the test runs; it is only needed to complete.
  const position = deps.locate ? deps.locate() : Promise.resolve(null);
  try {
    await deps.runDirection(session.downloadUrl, 'download');
    await deps.runDirection(session.uploadUrl, 'upload');
  } catch (error) {
    // The ndt7 client's own words are for the console; the popup says it in the person's language.
    console.warn('The ndt7 measurement failed:', error);
    throw new ApiFailure({ kind: 'network', message: englishText(WORKER_TEXTS.measurementFailed) });
  }
  return deps.api.call('POST', API_PATHS.points, completedSpeedtestSchema, {
    testId: session.testId,
    ...((await position) ?? {}),
  });
}
