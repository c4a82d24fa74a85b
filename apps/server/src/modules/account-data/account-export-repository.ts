/**
 * The person's data export's read model (issue 29): one account's rows in every table that
 * holds something of it, read by this module alone, as the console's read model reads across
 * owners (docs/ARCHITECTURE.md section 9; eslint.config.js names it in CROSS_OWNER_READERS).
 * The long lists (tests, sessions, security events, referees; the ledger is the earnings
 * module's own history read) are read newest first
 * a chunk at a time (db/keyset-chunks.ts), each chunk one statement on the owner's
 * (user, time, id) index, so an account with a hundred thousand ledger rows never sits in
 * memory; the short ones (nodes, quests, passkeys) are read whole. Every statement is
 * scoped to the one account.
 */
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { keysetChunks, type ChunkOptions } from '../../db/sql-kit.ts';
import { refreshFamilies, users } from '../../db/tables/auth-tables.ts';
import { nodes } from '../../db/tables/nodes-tables.ts';
import { questProgress } from '../../db/tables/quest-progress-tables.ts';
import { socialAccounts } from '../../db/tables/quests-tables.ts';
import { securityEvents } from '../../db/tables/security-events-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';
import { passkeys, recoveryCodes, totpFactors } from '../../db/tables/two-factor-tables.ts';

/** Every test of the account, opened or completed, with its node's name. */
export function speedtestsInChunks(db: Queryable, userId: number, options: ChunkOptions) {
  return keysetChunks(
    db,
    {
      table: speedtests,
      time: speedtests.openedAt,
      id: speedtests.id,
      where: eq(speedtests.userId, userId),
      leftJoins: [{ table: nodes, on: eq(nodes.id, speedtests.nodeId) }],
      columns: {
        id: speedtests.id,
        openedAt: speedtests.openedAt,
        completedAt: speedtests.completedAt,
        ipAddress: speedtests.ipAddress,
        locationCell: speedtests.locationCell,
        country: speedtests.country,
        nodeId: speedtests.nodeId,
        nodeName: nodes.name,
        downloadBytes: speedtests.downloadBytes,
        downloadElapsedUs: speedtests.downloadElapsedUs,
        uploadBytes: speedtests.uploadBytes,
        uploadElapsedUs: speedtests.uploadElapsedUs,
        latencyMs: speedtests.latencyMs,
        isIpSlashing: speedtests.isIpSlashing,
        isLocationSlashing: speedtests.isLocationSlashing,
        additionalBoost: speedtests.additionalBoost,
        points: speedtests.points,
      },
    },
    options,
  );
}

/** The account's referees, with what the Referral screen shows of them. */
export function refereesInChunks(db: Queryable, userId: number, options: ChunkOptions) {
  return keysetChunks(
    db,
    {
      table: users,
      time: users.createdAt,
      id: users.id,
      where: eq(users.referredByUserId, userId),
      columns: {
        id: users.id,
        username: users.username,
        email: users.email,
        registeredAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        referralQualifiedAt: users.referralQualifiedAt,
        creditedTests: users.creditedTests,
      },
    },
    options,
  );
}

/** Every session of the account, web and node, ended ones too. */
export function sessionsInChunks(db: Queryable, userId: number, options: ChunkOptions) {
  return keysetChunks(
    db,
    {
      table: refreshFamilies,
      time: refreshFamilies.createdAt,
      id: refreshFamilies.id,
      where: eq(refreshFamilies.userId, userId),
      columns: {
        id: refreshFamilies.id,
        kind: refreshFamilies.kind,
        userAgent: refreshFamilies.userAgent,
        address: refreshFamilies.address,
        createdAt: refreshFamilies.createdAt,
        lastUsedAt: refreshFamilies.lastUsedAt,
        expiresAt: refreshFamilies.expiresAt,
        revokedAt: refreshFamilies.revokedAt,
        revokedReason: refreshFamilies.revokedReason,
      },
    },
    options,
  );
}

export function securityEventsInChunks(db: Queryable, userId: number, options: ChunkOptions) {
  return keysetChunks(
    db,
    {
      table: securityEvents,
      time: securityEvents.createdAt,
      id: securityEvents.id,
      where: eq(securityEvents.userId, userId),
      columns: {
        type: securityEvents.type,
        browser: securityEvents.browser,
        network: securityEvents.network,
        createdAt: securityEvents.createdAt,
      },
    },
    options,
  );
}

/** The account's nodes, removed ones too (at most a few per registration), newest first. */
export function nodesOfAccount(db: Queryable, userId: number) {
  return db
    .select({
      id: nodes.id,
      kind: nodes.kind,
      name: nodes.name,
      version: nodes.version,
      createdAt: nodes.createdAt,
      lastSeenAt: nodes.lastSeenAt,
      nextTestAt: nodes.nextTestAt,
      removedAt: nodes.removedAt,
    })
    .from(nodes)
    .where(eq(nodes.userId, userId))
    .orderBy(desc(nodes.createdAt), desc(nodes.id));
}

/** The account's quest rows (one per quest it touched). */
export function questsOfAccount(db: Queryable, userId: number) {
  return db
    .select({
      quest: questProgress.quest,
      started: questProgress.started,
      done: questProgress.done,
      claimed: questProgress.claimed,
      timerEndsAt: questProgress.timerEndsAt,
      youtubeChannel: questProgress.youtubeChannel,
    })
    .from(questProgress)
    .where(eq(questProgress.userId, userId))
    .orderBy(questProgress.quest);
}

/** The account's linked social accounts, without their sealed tokens. */
export function socialAccountsOfAccount(db: Queryable, userId: number) {
  return db
    .select({
      platform: socialAccounts.platform,
      accountId: socialAccounts.accountId,
      username: socialAccounts.username,
      linkedAt: socialAccounts.linkedAt,
    })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(socialAccounts.platform);
}

/** The account's passkeys: their names and times, not their keys. */
export function passkeysOfAccount(db: Queryable, userId: number) {
  return db
    .select({
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

/** Whether an authenticator app is on (not its secret), and the recovery codes left unused. */
export async function twoFactorOfAccount(db: Queryable, userId: number) {
  const [totp] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { confirmedAt: totp?.confirmedAt ?? null, recoveryCodesLeft: codes?.left ?? 0 };
}
