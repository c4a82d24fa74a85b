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
  /** The least round trip of the pings during the direction (RoundTripProbe), null when none was answered. */
  latencyMs: number | null;
}

export interface Ndt7Measurement {
  AppInfo: { ElapsedTime: number; NumBytes: number };
  Origin: 'server';
  Test: Direction;
}

/**
 * How often the server pings the client during a direction. The least round trip
 * of a run is the one least delayed by the payload queued on the connection.
 */
export const ROUND_TRIP_PING_INTERVAL_MS = 250;

/**
 * The least round trip this process sees on an ndt7 socket: a WebSocket ping
 * at once and then every ROUND_TRIP_PING_INTERVAL_MS (the client's WebSocket
 * answers by itself), one in flight at a time so each pong pairs with its ping.
 * ndt7 servers report the minimum RTT from TCP_INFO, which Node cannot read:
 * this is the closest the application layer gets (docs/decisions/018).
 */
export class RoundTripProbe {
  private readonly ticker: NodeJS.Timeout;
  private pingSentAt: number | null = null;
  /** The least round trip so far, in ms to 2 decimals; null until a pong came back. */
  minMs: number | null = null;

  constructor(private readonly socket: WebSocket) {
    socket.on('pong', () => {
      if (this.pingSentAt === null) return;
      const roundTrip = Math.round((performance.now() - this.pingSentAt) * 100) / 100;
      this.pingSentAt = null;
      if (this.minMs === null || roundTrip < this.minMs) this.minMs = roundTrip;
    });
    this.ping();
    this.ticker = setInterval(() => this.ping(), ROUND_TRIP_PING_INTERVAL_MS);
  }

  private ping(): void {
    if (this.pingSentAt !== null || this.socket.readyState !== this.socket.OPEN) return;
    this.pingSentAt = performance.now();
    this.socket.ping();
  }

  stop(): void {
    clearInterval(this.ticker);
  }
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
