/** What the two-factor services work with: the app's parts and the keys of its secrets. */
import type { FastifyInstance } from 'fastify';
import { SealedBox } from '../../lib/sealed-box.ts';
import type { LoginAttemptLimiter } from '../auth/index.ts';
import type { SecurityEventContext } from '../security-events/index.ts';
import { recoveryCodeKeyOf } from './recovery-codes.ts';

export interface TwoFactorContext extends SecurityEventContext {
  /** Seals the authenticator apps' secrets at rest (a copy of the database alone cannot make codes). */
  secrets: SealedBox;
  /** The key of the recovery codes' hashes (recovery-codes.ts). */
  recoveryCodeKey: string;
  /** The login throttle, which wrong codes count in (docs/decisions/011). */
  loginLimiter: LoginAttemptLimiter;
}

export function twoFactorContextOf(app: FastifyInstance): TwoFactorContext {
  return {
    db: app.db,
    clock: app.clock,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    secrets: new SealedBox(app.authSecret, 'totp-secrets'),
    recoveryCodeKey: recoveryCodeKeyOf(app.authSecret),
    loginLimiter: app.loginThrottle.limiter,
  };
}
