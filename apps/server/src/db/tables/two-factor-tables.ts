/**
 * The second factors (issue 29, docs/ARCHITECTURE.md section 9): an authenticator app's TOTP
 * secret with its recovery codes, the account's passkeys, and the short-lived challenges of a
 * sign-in in two steps and of WebAuthn ceremonies. The two-factor module's tables.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, optionalTime } from '../columns.ts';
import { users } from './auth-tables.ts';

/** One authenticator app per account: pending until a first code confirms it. */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, sealed with the server's key (never logged, never sent again). */
  secret: text('secret').notNull(),
  /** Null while being set up; two-factor sign-in is on from this time. */
  confirmedAt: optionalTime('confirmed_at'),
  /** The last time step a code was accepted for: a code is good once (no replay in its window). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes, hashed; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: optionalTime('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** WebAuthn credentials: each a passkey the person named. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the authenticator gives it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    /** The transports the browser reported (`internal,hybrid`), to hint the next ceremony. */
    transports: text('transports'),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: optionalTime('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

export const SIGN_IN_CHALLENGE_PURPOSES = [
  'two_factor',
  'passkey_registration',
  'passkey_sign_in',
] as const;

/**
 * A challenge of a sign-in step or a WebAuthn ceremony, shared by every server on the
 * database: the second step of a login (5 minutes, 5 wrong codes), a passkey's registration
 * or sign-in. Only the token's hash is kept.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: SIGN_IN_CHALLENGE_PURPOSES }).notNull(),
    /** The account (null for a passkey sign-in, whose account the passkey names). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge the browser must sign, base64url (null for a code step). */
    webauthnChallenge: text('webauthn_challenge'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: optionalTime('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_token_unique').on(t.tokenHash),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
  ],
);
