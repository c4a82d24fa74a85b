/**
 * Signing in with a passkey (issue 29): no username, no password, no second step. The
 * browser offers the person the passkeys it holds for this site (discoverable credentials),
 * the one chosen names its account, and its signature over a one-time challenge, made after
 * the authenticator checked who holds it, counts as both factors. The route then ends the
 * sign-in as a password login ends (auth's `finishLogin`).
 *
 * Every failure counts in the login throttle against the address it came from
 * (login-attempt-limiter.ts, the nameless count): a passkey names no account until it
 * verifies, so there is no account to lock, and the address that keeps failing is refused.
 */
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type VerifiedAuthenticationResponse,
} from '@simplewebauthn/server';
import {
  PASSKEY_MESSAGE_TEMPLATES,
  PASSKEY_MESSAGES,
  type PasskeySignInOptions,
  type PasskeySignInRequest,
} from '@netpulse/shared';
import { badRequest, unauthorized, type HttpError } from '../../lib/http-error.ts';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import {
  loginLockedRefusal,
  signInAccountOf,
  type LoginAttemptLimiter,
  type SignInAccount,
} from '../auth/index.ts';
import { PASSKEY_POLICY } from './passkey-policy.ts';
import { relyingPartyOf, type RelyingParty } from './passkey-relying-party.ts';
import type { PasskeyContext } from './passkey-service.ts';
import {
  findCredential,
  insertSignInChallenge,
  recordPasskeyUse,
  useSignInChallenge,
  type StoredCredential,
} from './passkeys-repository.ts';

/**
 * A sign-in's options for `navigator.credentials.get`, with no credentials listed (the
 * browser offers every passkey it has for this site) and user verification required, and
 * the opaque token that names its challenge (only the token's hash is kept, 5 minutes).
 */
export async function signInOptions(context: PasskeyContext): Promise<PasskeySignInOptions> {
  const relyingParty = relyingPartyOf(context.config);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    allowCredentials: [],
    userVerification: 'required',
    timeout: PASSKEY_POLICY.ceremonyLifetimeMs,
  });
  const token = newSecretToken();
  const now = context.clock.now();
  await insertSignInChallenge(context.db, {
    tokenHash: hashToken(token),
    webauthnChallenge: options.challenge,
    expiresAt: new Date(now.getTime() + PASSKEY_POLICY.ceremonyLifetimeMs),
    createdAt: now,
  });
  return { challenge: token, options: { ...options } };
}

/** The credential id the browser answered with, if it is one a passkey could have. */
function credentialIdOf(response: Record<string, unknown>): string | undefined {
  const { id } = response;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  return id.length <= PASSKEY_POLICY.credentialIdMaxLength ? id : undefined;
}

/** Verifies the assertion against the stored passkey: challenge, origin, signature, UV, counter. */
async function verifiedAssertion(
  context: PasskeyContext,
  relyingParty: RelyingParty,
  assertion: { response: Record<string, unknown>; expectedChallenge: string },
  stored: StoredCredential,
): Promise<VerifiedAuthenticationResponse | undefined> {
  const { response, expectedChallenge } = assertion;
  try {
    const verification = await verifyAuthenticationResponse({
      // The contract only bounds it: the library checks every field it reads.
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.signCount,
        ...(stored.transports ? { transports: stored.transports.split(',') } : {}),
      },
      requireUserVerification: true,
    });
    return verification.verified ? verification : undefined;
  } catch (error) {
    context.log.info({ reason: (error as Error).message }, 'a passkey sign-in was refused');
    return undefined;
  }
}

/**
 * The account whose passkey answered the challenge named by `input.challenge` (used once,
 * whatever the outcome), its signature counter recorded; refused (and counted) otherwise.
 */
export async function passkeySignIn(
  context: PasskeyContext,
  limiter: LoginAttemptLimiter,
  input: PasskeySignInRequest,
  address: string,
): Promise<SignInAccount> {
  // A server reached by an IP address has no passkeys (503), before anything is counted.
  const relyingParty = relyingPartyOf(context.config);
  const lockedForMs = await limiter.namelessRefusedFor(address);
  if (lockedForMs > 0) {
    throw loginLockedRefusal(lockedForMs, PASSKEY_MESSAGE_TEMPLATES.signInLocked);
  }
  const refuse = async (error: HttpError) => {
    await limiter.recordNamelessFailure(address);
    return error;
  };

  const now = context.clock.now();
  const expectedChallenge = await useSignInChallenge(context.db, hashToken(input.challenge), now);
  if (!expectedChallenge) throw await refuse(badRequest(PASSKEY_MESSAGES.signInExpired));
  const credentialId = credentialIdOf(input.response);
  const stored = credentialId ? await findCredential(context.db, credentialId) : undefined;
  if (!stored) throw await refuse(unauthorized(PASSKEY_MESSAGES.unknownPasskey));

  const verification = await verifiedAssertion(
    context,
    relyingParty,
    { response: input.response, expectedChallenge },
    stored,
  );
  if (!verification) throw await refuse(unauthorized(PASSKEY_MESSAGES.notVerified));
  // The counter must still be the one verified against: another sign-in with the same
  // counter (a cloned authenticator) may have been recorded in between.
  const recorded = await recordPasskeyUse(context.db, {
    id: stored.id,
    signCount: verification.authenticationInfo.newCounter,
    now,
  });
  if (!recorded) throw await refuse(unauthorized(PASSKEY_MESSAGES.notVerified));

  const account = await signInAccountOf(context.db, stored.userId);
  if (!account) throw await refuse(unauthorized(PASSKEY_MESSAGES.unknownPasskey));
  return account;
}
