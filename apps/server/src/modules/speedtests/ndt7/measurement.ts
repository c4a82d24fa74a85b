/**
 * What the server measures of one ndt7 direction, and the Measurement messages
 * it sends about it (m-lab ndt7 protocol: `AppInfo` with the elapsed time in
 * microseconds and the application-level bytes, `Origin` and `Test`). Only
 * what this process observes is reported: no TCP_INFO, which Node cannot read.
 */
import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import { NDT7_MEASUREMENT_INTERVAL_MS } from '@netpulse/shared';
import type { Direction } from '../speedtest-policy.ts';

export interface DirectionResult {
  /** Payload bytes sent (download) or received (upload) by the server. */
  bytes: number;
  elapsedUs: number;
  /** Round trip of a ping before the first byte (download only), when answered. */
  latencyMs: number | null;
}

export interface Ndt7Measurement {
  AppInfo: { ElapsedTime: number; NumBytes: number };
  Origin: 'server';
  Test: Direction;
}

/** Megabits per second from bytes and microseconds (bits per microsecond), to 2 decimals. */
export function megabitsPerSecond(bytes: number, elapsedUs: number): number {
  if (elapsedUs <= 0) return 0;
  return Math.round(((bytes * 8) / elapsedUs) * 100) / 100;
}

/**
 * The running tally of one direction: bytes so far since the socket opened,
 * and the Measurement message every 250 ms until it stops.
 */
export class DirectionMeter {
  private readonly startedAt = performance.now();
  private readonly ticker: NodeJS.Timeout;
  bytes = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly test: Direction,
  ) {
    this.ticker = setInterval(() => this.report(), NDT7_MEASUREMENT_INTERVAL_MS);
  }

  elapsedUs(): number {
    return Math.round((performance.now() - this.startedAt) * 1000);
  }

  /** Sends the current Measurement, as text, while the socket is open. */
  report(): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const measurement: Ndt7Measurement = {
      AppInfo: { ElapsedTime: this.elapsedUs(), NumBytes: this.bytes },
      Origin: 'server',
      Test: this.test,
    };
    this.socket.send(JSON.stringify(measurement));
  }

  stop(): void {
    clearInterval(this.ticker);
  }
}
