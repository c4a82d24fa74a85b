/**
 * A step another module proves with the second factor (the account's deletion): when the
 * account's authenticator app is on, a code or a recovery code must come, and it is used up
 * behind the login throttle as the sign-in's second step is (two-factor-proof.ts).
 */
import { signInAccountOf } from '../auth/index.ts';
import { isTotpOn } from './two-factor-repository.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import { proofOf, useProofThrottled } from './two-factor-proof.ts';

export type SecondFactorVerdict = 'not-required' | 'ok' | 'missing' | 'wrong';

export type SecondFactorCheck = (
  userId: number,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  address: string,
) => Promise<SecondFactorVerdict>;

export function secondFactorCheckOf(context: TwoFactorContext): SecondFactorCheck {
  return async (userId, proof, address) => {
    if (!(await isTotpOn(context.db, userId))) return 'not-required';
    if (proof.code === undefined && proof.recoveryCode === undefined) return 'missing';
    const account = await signInAccountOf(context.db, userId);
    if (!account) return 'wrong';
    const accepted = await useProofThrottled(context, account, proofOf(proof), address);
    return accepted ? 'ok' : 'wrong';
  };
}
