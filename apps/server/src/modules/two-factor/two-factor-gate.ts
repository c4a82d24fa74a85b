/**
 * The operators' rule (ADMIN_REQUIRE_2FA, issue 29): whether an account has a second factor
 * at all, an authenticator app that is on or a passkey, for the console's scope to ask.
 */
import type { Queryable } from '../../db/client.ts';
import { twoFactorStatusOf } from './two-factor-repository.ts';

export async function hasSecondFactor(db: Queryable, userId: number): Promise<boolean> {
  const status = await twoFactorStatusOf(db, userId);
  return status.totp || status.passkeys > 0;
}
