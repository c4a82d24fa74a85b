/**
 * A sign-in in two steps (issue 29, docs/ARCHITECTURE.md section 4). The right password of
 * an account with its authenticator app on answers a challenge: a random token, kept only as
 * its hash, that lives 5 minutes and takes 5 wrong codes. The second step proves the
 * challenge with a code or a recovery code; then auth ends the login as the password alone
 * would (finishLogin). A challenge, its wrong codes and its use are in the database and the
 * throttle in Redis when set: every server sees the same.
 */
import { ACCOUNT_VALIDATION, TWO_FACTOR_MESSAGES } from '@netpulse/shared';
import { unauthorized } from '../../lib/http-error.ts';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import { signInAccountOf, type SignInAccount, type SecondFactorGate } from '../auth/index.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import { useProofThrottled, wrongProof, type SecondFactorProof } from './two-factor-proof.ts';
import { TWO_FACTOR_POLICY } from './two-factor-policy.ts';
import {
  answerableTwoFactorChallenge,
  claimTwoFactorChallenge,
  countWrongCode,
  deleteExpiredChallenges,
  insertTwoFactorChallenge,
  isTotpOn,
} from './two-factor-repository.ts';

const { challengeLifetimeMs, maxWrongCodes } = TWO_FACTOR_POLICY;

/**
 * What auth's login asks of this module (given to it in app.ts): the password step asks for
 * a code only when the authenticator app is on; passkeys are a sign-in path of their own.
 */
export function secondFactorGate(context: TwoFactorContext): SecondFactorGate {
  return {
    isRequiredFor: (userId) => isTotpOn(context.db, userId),
    challengeFor: (userId) => newTwoFactorChallenge(context, userId),
  };
}

async function newTwoFactorChallenge(context: TwoFactorContext, userId: number): Promise<string> {
  const token = newSecretToken();
  const now = context.clock.now();
  // The ended ones go as new ones come, so the table holds about five minutes of sign-ins.
  await deleteExpiredChallenges(context.db, 'two_factor', now);
  await insertTwoFactorChallenge(context.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + challengeLifetimeMs),
    now,
  });
  return token;
}

const signInAgain = () => unauthorized(ACCOUNT_VALIDATION.challengeRequired);

/**
 * Proves the second step: the account it signs in, or 401 (the challenge expired, used or
 * dead: sign in again), 400 on the field (a wrong code, counted on the challenge and in the
 * login throttle) or 429 (the throttle refuses the account's name from this address).
 */
export async function proveSecondStep(
  context: TwoFactorContext,
  step: { challenge: string; proof: SecondFactorProof; address: string },
): Promise<SignInAccount> {
  const tokenHash = hashToken(step.challenge);
  const now = context.clock.now();
  const challenge = await answerableTwoFactorChallenge(context.db, {
    tokenHash,
    maxWrongCodes,
    now,
  });
  const account = challenge && (await signInAccountOf(context.db, challenge.userId));
  if (!challenge || !account) throw signInAgain();

  if (!(await useProofThrottled(context, account, step.proof, step.address))) {
    const wrongCodes = await countWrongCode(context.db, challenge.id);
    if (wrongCodes >= maxWrongCodes) throw unauthorized(TWO_FACTOR_MESSAGES.tooManyWrongCodes);
    throw wrongProof(step.proof);
  }
  // Once: a second request with the same challenge, even with another right code, gets none.
  const claim = { challengeId: challenge.id, maxWrongCodes, now: context.clock.now() };
  if (!(await claimTwoFactorChallenge(context.db, claim))) throw signInAgain();
  return account;
}
