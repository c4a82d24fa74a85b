/**
 * An account's passkeys (issue 29): adding one (WebAuthn registration), listing, renaming
 * and removing them. A passkey is a discoverable credential (it names the account itself,
 * so signing in needs no username) bound to PUBLIC_URL's host name (passkey-relying-party.ts).
 * Adding and removing one are security events, recorded in the same transaction.
 */
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_VALIDATION,
  PASSKEY_MESSAGE_TEMPLATES,
  PASSKEY_MESSAGES,
  SERVER_MESSAGES,
  type AddPasskeyRequest,
  type Passkey,
} from '@netpulse/shared';
import { inTransaction } from '../../db/transaction.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/random-codes.ts';
import { text } from '../../lib/server-intl.ts';
import { signInAccountOf } from '../auth/index.ts';
import { recordSecurityEvent } from '../security-events/index.ts';
import { KNOWN_TRANSPORTS, PASSKEY_POLICY } from './passkey-policy.ts';
import { passkeyUserHandle, relyingPartyOf } from './passkey-relying-party.ts';
import {
  countPasskeys,
  credentialsOfUser,
  deletePasskey,
  insertPasskey,
  passkeysOfUser,
  renamePasskey,
  replaceRegistrationChallenge,
  useRegistrationChallenge,
  type PasskeyRow,
} from './passkeys-repository.ts';

/** What the passkey services use of the app; routes pass the app itself. */
export type PasskeyContext = Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'mailer' | 'authSecret' | 'log'
>;

/** Who asked for a change, as its security event records them. */
export interface PasskeyActor {
  userId: number;
  userAgent?: string | undefined;
  address?: string | undefined;
}

/** WebAuthn's options as the contract carries them: a JSON object. */
export type WebauthnJson = Record<string, unknown>;

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The transports to keep of what the browser reported: WebAuthn's names, each once. */
function transportsOf(reported: unknown): string | null {
  if (!Array.isArray(reported)) return null;
  const known = [...new Set(reported)].filter(
    (transport): transport is string =>
      typeof transport === 'string' && KNOWN_TRANSPORTS.has(transport),
  );
  return known.length > 0 ? known.join(',') : null;
}

const tooMany = () =>
  conflict(text(PASSKEY_MESSAGE_TEMPLATES.tooMany, { count: PASSKEY_POLICY.perAccount }));

/**
 * The options for the browser's `navigator.credentials.create`: a discoverable credential
 * (resident key required) for this account, none of its passkeys again. The challenge is
 * kept for 5 minutes, and replaces any the account asked for before.
 */
export async function registrationOptions(
  context: PasskeyContext,
  userId: number,
): Promise<WebauthnJson> {
  const relyingParty = relyingPartyOf(context.config);
  const account = await signInAccountOf(context.db, userId);
  if (!account) throw unauthorized(SERVER_MESSAGES.unauthorized);
  const credentials = await credentialsOfUser(context.db, userId);
  if (credentials.length >= PASSKEY_POLICY.perAccount) throw tooMany();
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userID: passkeyUserHandle(context.authSecret, userId),
    userName: account.username,
    userDisplayName: account.username,
    timeout: PASSKEY_POLICY.ceremonyLifetimeMs,
    attestationType: 'none',
    excludeCredentials: credentials.map((credential) => ({
      id: credential.credentialId,
      ...(credential.transports ? { transports: credential.transports.split(',') } : {}),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const now = context.clock.now();
  await inTransaction(context.db, (tx) =>
    replaceRegistrationChallenge(tx, {
      userId,
      webauthnChallenge: options.challenge,
      // The row's unique token: the challenge is random and used only through this account.
      tokenHash: hashToken(options.challenge),
      expiresAt: new Date(now.getTime() + PASSKEY_POLICY.ceremonyLifetimeMs),
      createdAt: now,
    }),
  );
  return { ...options };
}

/** Verifies the authenticator's answer; a refusal for whatever it got wrong. */
async function verifiedRegistration(
  context: PasskeyContext,
  response: WebauthnJson,
  expectedChallenge: string,
): Promise<Extract<VerifiedRegistrationResponse, { verified: true }>['registrationInfo']> {
  const relyingParty = relyingPartyOf(context.config);
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      // The contract only bounds it: the library checks every field it reads.
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      // Checked below, to say so: the library's own refusal would read as any other.
      requireUserVerification: false,
    });
  } catch (error) {
    context.log.info({ reason: (error as Error).message }, 'a passkey registration was refused');
    throw badRequest(PASSKEY_MESSAGES.notVerified);
  }
  if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
  // A passkey signs in alone, as both factors: its authenticator must check who holds it.
  if (!verification.registrationInfo.userVerified) {
    throw badRequest(PASSKEY_MESSAGES.userNotVerified);
  }
  return verification.registrationInfo;
}

/**
 * Adds the passkey the browser made from the account's newest registration options (used
 * once, whether or not the answer verifies), and records `passkey_added`.
 */
export async function addPasskey(
  context: PasskeyContext,
  actor: PasskeyActor,
  input: AddPasskeyRequest,
): Promise<Passkey> {
  const now = context.clock.now();
  const expectedChallenge = await useRegistrationChallenge(context.db, actor.userId, now);
  if (!expectedChallenge) throw badRequest(PASSKEY_MESSAGES.registrationExpired);
  const { credential, credentialBackedUp } = await verifiedRegistration(
    context,
    input.response,
    expectedChallenge,
  );
  try {
    const row = await inTransaction(context.db, async (tx) => {
      if ((await countPasskeys(tx, actor.userId)) >= PASSKEY_POLICY.perAccount) return null;
      const added = await insertPasskey(tx, {
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: transportsOf(credential.transports),
        backedUp: credentialBackedUp,
        name: input.name.trim(),
        createdAt: now,
      });
      await recordSecurityEvent(context, { ...actor, type: 'passkey_added' }, tx);
      return added;
    });
    if (!row) throw tooMany();
    return toPasskey(row);
  } catch (error) {
    if (violatedUniqueIndex(error) === 'passkeys_credential_unique') {
      throw conflict(PASSKEY_MESSAGES.alreadyAdded);
    }
    throw error;
  }
}

export async function listPasskeys(context: PasskeyContext, userId: number): Promise<Passkey[]> {
  return (await passkeysOfUser(context.db, userId)).map(toPasskey);
}

/** Renames one of the account's passkeys; another account's (or none) is a 404. */
export async function renameAccountPasskey(
  context: PasskeyContext,
  key: { userId: number; id: string },
  name: string,
): Promise<Passkey> {
  const row = await renamePasskey(context.db, key, name.trim());
  if (!row) throw notFound(ACCOUNT_VALIDATION.passkeyIdInvalid);
  return toPasskey(row);
}

/** Removes one of the account's passkeys and records `passkey_removed`; another's is a 404. */
export async function removePasskey(
  context: PasskeyContext,
  actor: PasskeyActor,
  id: string,
): Promise<void> {
  const removed = await inTransaction(context.db, async (tx) => {
    if (!(await deletePasskey(tx, { userId: actor.userId, id }))) return false;
    await recordSecurityEvent(context, { ...actor, type: 'passkey_removed' }, tx);
    return true;
  });
  if (!removed) throw notFound(ACCOUNT_VALIDATION.passkeyIdInvalid);
}
