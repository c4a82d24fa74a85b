/**
 * Per-account login throttling: after `limit` failed passwords within `windowMs`
 * the account's logins are refused until that window ends, whoever tries and
 * from wherever. The counts sit behind a small store interface: in memory for
 * one server, in Redis (REDIS_URL) when several servers must share them.
 */
import type { Clock } from '../../lib/clock.ts';
import type { Redis } from '../../lib/redis.ts';

export interface AttemptWindow {
  failures: number;
  /** When the window that the failures count in ends (epoch ms). */
  endsAt: number;
}

export interface AttemptStore {
  get(key: string): Promise<AttemptWindow | undefined>;
  /**
   * Counts one failure, atomically (two servers failing at once count two); the
   * first failure opens a window of `windowMs`, later ones count in it.
   */
  addFailure(key: string, windowMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

export class InMemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, AttemptWindow>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async get(key: string) {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }
  async addFailure(key: string, windowMs: number) {
    this.sweep();
    const window = await this.get(key);
    const endsAt = window?.endsAt ?? this.clock.now().getTime() + windowMs;
    this.windows.set(key, { failures: (window?.failures ?? 0) + 1, endsAt });
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

/** Increments the count and, on the first failure, starts the window's expiry: one atomic step. */
const ADD_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return failures`;

/**
 * The counts in Redis, one key per account that expires with its window, so
 * every server sees the same failures. Redis keeps the time of the window.
 */
export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'netpulse:login-failures:',
  ) {}

  async get(key: string) {
    const [failures, ttlMs] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    if (failures === null || ttlMs <= 0) return undefined;
    return { failures: Number(failures), endsAt: this.clock.now().getTime() + ttlMs };
  }
  async addFailure(key: string, windowMs: number) {
    await this.redis.eval(ADD_FAILURE, 1, this.prefix + key, String(windowMs));
  }
  async delete(key: string) {
    await this.redis.del(this.prefix + key);
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
    const window = await this.store.get(key);
    if (!window || window.failures < this.limit) return 0;
    return Math.max(0, window.endsAt - this.clock.now().getTime());
  }

  async recordFailure(key: string): Promise<void> {
    await this.store.addFailure(key, this.windowMs);
  }

  /** A successful login (or a password reset) forgets the failures. */
  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }
}
