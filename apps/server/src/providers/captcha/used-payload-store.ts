import type { Clock } from '../../lib/clock.ts';

/**
 * Remembers solved captcha payloads so each is accepted once. Entries only need
 * to live until their challenge expires: after that the payload fails anyway.
 * In memory for now (one server process); a Redis store can implement the same
 * interface when several processes share the load.
 */
export interface UsedPayloadStore {
  /** Records `id` as used until `expiresAt`; false when it was recorded already. */
  markUsed(id: string, expiresAt: Date): Promise<boolean>;
}

const SWEEP_INTERVAL_MS = 60_000;

export class InMemoryUsedPayloadStore implements UsedPayloadStore {
  private readonly expiryById = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async markUsed(id: string, expiresAt: Date): Promise<boolean> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const known = this.expiryById.get(id);
    if (known !== undefined && known > now) return false;
    this.expiryById.set(id, expiresAt.getTime());
    return true;
  }

  /** Drops expired entries now and then, so the map holds at most ten minutes of solves. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [id, expiry] of this.expiryById) {
      if (expiry <= now) this.expiryById.delete(id);
    }
  }
}
