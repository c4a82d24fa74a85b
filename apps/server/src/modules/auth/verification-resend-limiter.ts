/**
 * How often "Resend the email" may mail one address (docs/decisions/033). It counts
 * per address typed, in lower case, whether or not an account has it: the wait a
 * refusal names is then the same for every address, so it tells nothing about who
 * is registered. The counts sit in the login throttle's store (memory, or Redis
 * when several servers share them), under keys of their own.
 */
import type { Clock } from '../../lib/clock.ts';
import type { AttemptStore } from './login-attempt-limiter.ts';
import { AUTH_POLICY } from './auth-policy.ts';

const POLICY = AUTH_POLICY.verificationResend;

export class VerificationResendLimiter {
  constructor(
    private readonly store: AttemptStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Milliseconds until `email` may be mailed again (0: now). Two requests at the same
   * instant may both pass; the per-address rate limit of the route bounds that.
   */
  async waitFor(email: string): Promise<number> {
    const now = this.clock.now().getTime();
    const [recent, window] = await Promise.all([
      this.store.get(minuteKey(email)),
      this.store.get(windowKey(email)),
    ]);
    const waits = [0];
    if (recent) waits.push(recent.endsAt - now);
    if (window && window.failures >= POLICY.perWindow) waits.push(window.endsAt - now);
    return Math.max(...waits);
  }

  /** Counts one mail to `email` (sign-up's first one counts too). */
  async recordSend(email: string): Promise<void> {
    await Promise.all([
      this.store.addFailure(minuteKey(email), POLICY.minIntervalMs),
      this.store.addFailure(windowKey(email), POLICY.windowMs),
    ]);
  }
}

const minuteKey = (email: string) => `verify-resend:minute:${email.toLowerCase()}`;
const windowKey = (email: string) => `verify-resend:window:${email.toLowerCase()}`;
