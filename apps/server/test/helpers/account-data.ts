/**
 * The person's data as the export and deletion tests need it: the two routes, and rows the
 * product would have written by flows other tests walk (a linked social account, a quest's
 * state, security events, second factors), planted directly.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { socialAccounts } from '../../src/db/tables/quests-tables.ts';
import { securityEvents } from '../../src/db/tables/security-events-tables.ts';
import {
  passkeys,
  recoveryCodes,
  signInChallenges,
  totpFactors,
} from '../../src/db/tables/two-factor-tables.ts';
import { accountCall } from './account.ts';
import type { TestApp } from './test-app.ts';

/** What the planted rows hold that must never leave the server. */
export const SECRETS = {
  sealedTokens: 'sealed-platform-tokens-never-exported',
  totpSecret: 'SEALEDTOTPSECRETNEVEREXPORTED',
  publicKey: 'passkey-public-key-never-exported',
  recoveryCodeHash: 'recovery-code-hash-never-exported',
};

export function exportAccount(
  t: TestApp,
  person: { accessToken: string },
): Promise<LightMyRequestResponse> {
  return accountCall(t, person, 'GET', '/export');
}

export function deleteAccount(
  t: TestApp,
  person: { accessToken: string },
  body: object,
  address?: string,
): Promise<LightMyRequestResponse> {
  return accountCall(t, person, 'DELETE', '', { payload: body, address });
}

/** The deletion's body as the person types it: their username and password. */
export const deletionOf = (person: { username: string; password: string }, extra: object = {}) => ({
  confirm: person.username,
  password: person.password,
  ...extra,
});

/**
 * A linked Discord account, two quests' state (one waiting for a YouTube review), two
 * security events, a confirmed (or pending) authenticator app with ten recovery codes two
 * of which were used, a passkey and a sign-in challenge.
 */
export async function plantAccountRows(
  t: TestApp,
  userId: number,
  options: { totpConfirmed?: boolean; tag?: string } = {},
): Promise<void> {
  const db = t.database.db;
  const now = t.clock.now();
  const tag = options.tag ?? String(userId);
  await db.insert(socialAccounts).values({
    userId,
    platform: 'discord',
    accountId: `discord-${tag}`,
    username: `disco_${tag}`,
    sealedTokens: SECRETS.sealedTokens,
    linkedAt: now,
  });
  await db.insert(questProgress).values([
    { userId, quest: 'discordConnect', started: true, done: true, claimed: false },
    { userId, quest: 'youtubeSubscribe', started: true, youtubeChannel: `@channel_${tag}` },
  ]);
  await db.insert(securityEvents).values([
    {
      userId,
      type: 'password_changed',
      browser: 'Firefox on Linux',
      network: '198.51.100.0/24',
      createdAt: now,
    },
    {
      userId,
      type: 'passkey_added',
      browser: 'Chrome on macOS',
      network: null,
      createdAt: new Date(now.getTime() + 1000),
    },
  ]);
  await db.insert(totpFactors).values({
    userId,
    secret: SECRETS.totpSecret,
    confirmedAt: options.totpConfirmed === false ? null : now,
  });
  await db.insert(recoveryCodes).values(
    Array.from({ length: 10 }, (_, n) => ({
      userId,
      codeHash: `${SECRETS.recoveryCodeHash}-${tag}-${n}`,
      usedAt: n < 2 ? now : null,
    })),
  );
  await db.insert(passkeys).values({
    userId,
    credentialId: `credential-${tag}`,
    publicKey: SECRETS.publicKey,
    name: `Laptop of ${tag}`,
    lastUsedAt: now,
  });
  await db.insert(signInChallenges).values({
    tokenHash: `challenge-${tag}`,
    purpose: 'two_factor',
    userId,
    expiresAt: new Date(now.getTime() + 300_000),
  });
}

/** How many rows of `table` belong to the user (by its user_id column). */
export async function rowsOfUser(
  t: TestApp,
  table: PgTable & { userId: Parameters<typeof eq>[0] },
  userId: number,
): Promise<number> {
  return (await t.database.db.select().from(table).where(eq(table.userId, userId))).length;
}
