/** The timings of a speed test session (docs/ARCHITECTURE.md section 5). */
export const SPEEDTEST_POLICY = {
  /** The ndt7 tickets must be used this soon after the test is opened. */
  ticketLifetimeMs: 2 * 60_000,
  /**
   * The test must be completed this soon after it is opened: ample for two
   * directions of 10 s, short enough that a test cannot be kept for later.
   */
  completionWindowMs: 15 * 60_000,
  /** Another account's test from the same address within this loses the Unique IP boost. */
  sharedIpWindowMs: 24 * 60 * 60_000,
} as const;

export type Direction = 'download' | 'upload';
