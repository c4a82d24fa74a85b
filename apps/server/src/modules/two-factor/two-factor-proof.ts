/**
 * A second factor proven by a code: the authenticator app's (each time step accepted once)
 * or a recovery code (each once). Wrong codes count in the login throttle under the
 * account's username (the name the second step knows), from the request's address, as wrong
 * passwords do (modules/auth/login-attempt-limiter.ts): the throttle that bounds guessing
 * the password bounds guessing the code, on the sign-in's second step and on the account's
 * own settings alike.
 */
import { TWO_FACTOR_MESSAGES } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { badRequest, type HttpError } from '../../lib/http-error.ts';
import { throttledAttempt, type SignInAccount } from '../auth/index.ts';
import { recoveryCodeHash } from './recovery-codes.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import { totpFactorOf, useRecoveryCode, useTotpStep } from './two-factor-repository.ts';
import { totpStepOf } from './totp-codes.ts';

/** A code of the authenticator app, or a recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

/** The request's proof: exactly one of the two, as the contract's schemas let through. */
export function proofOf(body: { code?: string | undefined; recoveryCode?: string | undefined }) {
  if (body.code !== undefined) return { code: body.code };
  if (body.recoveryCode !== undefined) return { recoveryCode: body.recoveryCode };
  throw new Error('a second factor proof without a code: the schema lets none through');
}

/** The opened secret of the account's app, or null (none, or sealed under another key). */
export async function totpSecretOf(
  context: TwoFactorContext,
  userId: number,
  state: 'pending' | 'on',
  db: Queryable = context.db,
): Promise<string | null> {
  const factor = await totpFactorOf(db, userId);
  if (!factor || (factor.confirmedAt === null) !== (state === 'pending')) return null;
  const secret = context.secrets.open(factor.sealedSecret);
  // Sealed under another AUTH_SECRET: no code can match; the operator must restore the secret.
  if (secret === null) context.log.warn({ userId }, 'an authenticator secret does not open');
  return secret;
}

/**
 * Uses the code up if it is right now: a TOTP code of the app that is `state` (a first code
 * confirms a pending one), accepted once; a recovery code (only with the app on), once.
 */
export async function useProof(
  context: TwoFactorContext,
  userId: number,
  proof: SecondFactorProof,
  options: { state?: 'pending' | 'on'; db?: Queryable } = {},
): Promise<boolean> {
  const state = options.state ?? 'on';
  const db = options.db ?? context.db;
  const now = context.clock.now();
  if ('recoveryCode' in proof) {
    if (state !== 'on') return false;
    const codeHash = recoveryCodeHash(context.recoveryCodeKey, userId, proof.recoveryCode);
    return useRecoveryCode(db, { userId, codeHash, now });
  }
  const secret = await totpSecretOf(context, userId, state, db);
  const step = secret === null ? null : totpStepOf(secret, proof.code, now);
  if (step === null) return false;
  return useTotpStep(db, { userId, step, confirming: state === 'pending', now });
}

/**
 * `useProof` behind the login throttle (auth's throttledAttempt, as the password step): 429
 * while the account's name is refused from this address; past the account's limit an address
 * it never signed in from is answered as a wrong code whatever it sends, and a right code is
 * not used up; a wrong code counts.
 */
export function useProofThrottled(
  context: TwoFactorContext,
  account: SignInAccount,
  proof: SecondFactorProof,
  address: string,
  options: { state?: 'pending' | 'on'; db?: Queryable } = {},
): Promise<boolean> {
  const attempt = { typedName: account.username, accountId: account.id };
  return throttledAttempt(
    context.loginLimiter,
    attempt,
    address,
    async (refused) => !refused && (await useProof(context, account.id, proof, options)),
  );
}

/**
 * A wrong code, on the field it was typed in (400): the settings' steps and a sign-in's second
 * step say it alike, so the form keeps the step and shows it under the field. Only a challenge
 * that is over (expired, used, or its fifth wrong code) answers 401: sign in again.
 */
export function wrongProof(proof: SecondFactorProof): HttpError {
  return 'code' in proof
    ? badRequest(TWO_FACTOR_MESSAGES.wrongCode, { code: [TWO_FACTOR_MESSAGES.wrongCode] })
    : badRequest(TWO_FACTOR_MESSAGES.wrongRecoveryCode, {
        recoveryCode: [TWO_FACTOR_MESSAGES.wrongRecoveryCode],
      });
}
