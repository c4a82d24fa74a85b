/**
 * An authenticator app as a second factor (issue 29): set up (a secret waiting for its
 * first code), confirmed by that code (two-factor sign-in is on, ten recovery codes are
 * made), turned off with a code, and the recovery codes renewed with one. Each change is
 * recorded as a security event in the change's transaction.
 */
import { TWO_FACTOR_MESSAGES, type TotpSetup, type TwoFactorStatus } from '@netpulse/shared';
import { inTransaction } from '../../db/transaction.ts';
import { conflict } from '../../lib/http-error.ts';
import type { SignInAccount } from '../auth/index.ts';
import { recordSecurityEvent } from '../security-events/index.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import {
  useProof,
  useProofThrottled,
  wrongProof,
  type SecondFactorProof,
} from './two-factor-proof.ts';
import {
  deleteRecoveryCodes,
  deleteTotpFactor,
  isTotpOn,
  replaceRecoveryCodes,
  savePendingTotp,
  totpFactorOf,
  twoFactorStatusOf,
} from './two-factor-repository.ts';
import { newTotpSecret, otpauthUrlOf } from './totp-codes.ts';

/** Who changes their factor, and from where (the security event's browser and network). */
export interface FactorChange {
  account: SignInAccount;
  address: string;
  userAgent: string | undefined;
}

export async function twoFactorStatus(
  context: TwoFactorContext,
  userId: number,
): Promise<TwoFactorStatus> {
  const status = await twoFactorStatusOf(context.db, userId);
  return {
    totp: status.totp,
    recovery_codes_left: status.totp ? status.recoveryCodesLeft : 0,
    passkeys: status.passkeys,
  };
}

/** A new secret waiting for its first code (in place of one waiting); 409 when the app is on. */
export async function startTotpSetup(
  context: TwoFactorContext,
  account: Pick<SignInAccount, 'id' | 'username'>,
): Promise<TotpSetup> {
  const secret = newTotpSecret();
  const saved = await savePendingTotp(context.db, {
    userId: account.id,
    sealedSecret: context.secrets.seal(secret),
    now: context.clock.now(),
  });
  if (!saved) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const otpauthUrl = otpauthUrlOf(secret, {
    issuer: context.config.PRODUCT_NAME,
    label: account.username,
  });
  return { secret, otpauthUrl };
}

/**
 * The first code turns the waiting app on and makes the recovery codes (their hashes kept,
 * the codes answered once). 409 when nothing waits (never set up, or on already).
 */
export async function confirmTotp(
  context: TwoFactorContext,
  change: FactorChange,
  code: string,
): Promise<string[]> {
  const userId = change.account.id;
  if (await isTotpOn(context.db, userId)) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const codes = newRecoveryCodes();
  const codeHashes = codes.map((one) => recoveryCodeHash(context.recoveryCodeKey, userId, one));
  const confirmed = await inTransaction(context.db, async (tx) => {
    const proof = { code };
    if (!(await useProof(context, userId, proof, { state: 'pending', db: tx }))) return false;
    await replaceRecoveryCodes(tx, { userId, codeHashes, now: context.clock.now() });
    await recordSecurityEvent(context, securityEvent(change, 'two_factor_enabled'), tx);
    return true;
  });
  if (!confirmed) {
    // Not on: either no app waits for a code, or the code is wrong for the one that waits.
    if (!(await waitsForFirstCode(context, userId)))
      throw conflict(TWO_FACTOR_MESSAGES.noSetupWaiting);
    throw wrongProof({ code });
  }
  return codes;
}

/** Turns the app off (its recovery codes go with it), proven by a code or a recovery code. */
export async function turnOffTotp(
  context: TwoFactorContext,
  change: FactorChange,
  proof: SecondFactorProof,
): Promise<void> {
  const userId = change.account.id;
  await requireTotpOn(context, userId);
  if (!(await useProofThrottled(context, change.account, proof, change.address))) {
    throw wrongProof(proof);
  }
  await inTransaction(context.db, async (tx) => {
    await deleteTotpFactor(tx, userId);
    await deleteRecoveryCodes(tx, userId);
    await recordSecurityEvent(context, securityEvent(change, 'two_factor_disabled'), tx);
  });
}

/** A new set of recovery codes in place of the old, proven by a code or a recovery code. */
export async function renewRecoveryCodes(
  context: TwoFactorContext,
  change: FactorChange,
  proof: SecondFactorProof,
): Promise<string[]> {
  const userId = change.account.id;
  await requireTotpOn(context, userId);
  if (!(await useProofThrottled(context, change.account, proof, change.address))) {
    throw wrongProof(proof);
  }
  const codes = newRecoveryCodes();
  const codeHashes = codes.map((one) => recoveryCodeHash(context.recoveryCodeKey, userId, one));
  await inTransaction(context.db, async (tx) => {
    await replaceRecoveryCodes(tx, { userId, codeHashes, now: context.clock.now() });
    await recordSecurityEvent(context, securityEvent(change, 'recovery_codes_regenerated'), tx);
  });
  return codes;
}

async function requireTotpOn(context: TwoFactorContext, userId: number): Promise<void> {
  if (!(await isTotpOn(context.db, userId))) throw conflict(TWO_FACTOR_MESSAGES.notOn);
}

async function waitsForFirstCode(context: TwoFactorContext, userId: number): Promise<boolean> {
  const factor = await totpFactorOf(context.db, userId);
  return factor !== undefined && factor.confirmedAt === null;
}

function securityEvent(
  change: FactorChange,
  type: 'two_factor_enabled' | 'two_factor_disabled' | 'recovery_codes_regenerated',
) {
  return {
    userId: change.account.id,
    type,
    userAgent: change.userAgent,
    address: change.address,
  };
}
