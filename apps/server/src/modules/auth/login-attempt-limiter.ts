/**
 * Per-account login throttling: after `limit` failed passwords within `windowMs`
 * the account's logins are refused until that window ends, whoever tries and
 * from wherever. The counts sit behind a small store interface: in memory now,
 * Redis later when several processes must share them.
 */
import type { Clock } from '../../lib/clock.ts';

export interface AttemptWindow {
  failures: number;
  /** When the window that the failures count in ends (epoch ms). */
  endsAt: number;
}

export interface AttemptStore {
  get(key: string): Promise<AttemptWindow | undefined>;
  set(key: string, window: AttemptWindow): Promise<void>;
  delete(key: string): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

export class InMemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, AttemptWindow>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async get(key: string) {
    return this.windows.get(key);
  }
  async set(key: string, window: AttemptWindow) {
    this.sweep();
    this.windows.set(key, window);
  }
  async delete(key: string) {
    this.windows.delete(key);
  }

  /** Drops ended windows now and then, so guessed names cannot grow the map without end. */
  private sweep(): void {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}

export class LoginAttemptLimiter {
  constructor(
    private readonly store: AttemptStore,
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  async lockedFor(key: string): Promise<number> {
    const window = await this.currentWindow(key);
    if (!window || window.failures < this.limit) return 0;
    return window.endsAt - this.clock.now().getTime();
  }

  async recordFailure(key: string): Promise<void> {
    const window = await this.currentWindow(key);
    const endsAt = window?.endsAt ?? this.clock.now().getTime() + this.windowMs;
    await this.store.set(key, { failures: (window?.failures ?? 0) + 1, endsAt });
  }

  /** A successful login (or a password reset) forgets the failures. */
  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }

  private async currentWindow(key: string): Promise<AttemptWindow | undefined> {
    const window = await this.store.get(key);
    if (window && window.endsAt <= this.clock.now().getTime()) {
      await this.store.delete(key);
      return undefined;
    }
    return window;
  }
}
