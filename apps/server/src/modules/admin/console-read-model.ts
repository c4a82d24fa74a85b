/**
 * What the console shows that no member's screen does: the network's overview,
 * the user search and a user's page. Read-only, over the indexes migration 0007
 * added; each list is bounded. A named read model (eslint.config.js): it reads
 * the tables of auth, nodes, speedtests and the ledger in one place, with its SQL.
 */
import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NODE_ONLINE_WINDOW_MS,
  SOCIAL_QUEST_KEYS,
  startOfUtcDay,
  type Cycle,
  type SocialQuestKey,
} from '@netpulse/shared';
import type {
  AdminOverview,
  AdminUserDetail,
  AdminUserRow,
  AdminUserSearchQuery,
} from '@netpulse/shared/admin';
import type { Queryable } from '../../db/client.ts';

import { refreshFamilies, users } from '../../db/tables/auth-tables.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';
import { nodes } from '../../db/tables/nodes-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';
import { questProfileOfUser } from '../quest-progress/index.ts';
import { currentSeason } from '../seasons/index.ts';
import { questCreditKey, questStatesOf } from './quest-states.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OVERVIEW_HOURS = 7 * 24;
const OVERVIEW_DAYS = 30;
const REFEREES_MAX = 200;
const NODES_MAX = 100;
const LOGINS_MAX = 50;

const iso = (time: Date | null) => time?.toISOString() ?? null;

/** Counts keyed by bucket start (ms) laid on every bucket of the range, empty ones as 0. */
function everyBucket(
  firstMs: number,
  stepMs: number,
  buckets: number,
  counts: Map<number, number>,
): { at: string; count: number }[] {
  return Array.from({ length: buckets }, (_, index) => {
    const at = firstMs + index * stepMs;
    return { at: new Date(at).toISOString(), count: counts.get(at) ?? 0 };
  });
}

const epochMs = (column: SQL) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The overview without errors per hour and the job queue (the app adds them):
 * tests per hour for 7 days, nodes online now, signups and Bytes per day for 30 days.
 */
export async function overviewFromDatabase(
  db: Queryable,
  now: Date,
): Promise<Omit<AdminOverview, 'errorsPerHour' | 'jobs'>> {
  const firstHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - (OVERVIEW_HOURS - 1) * HOUR_MS;
  const firstDay = startOfUtcDay(now).getTime() - (OVERVIEW_DAYS - 1) * DAY_MS;
  const hour = sql`date_trunc('hour', ${speedtests.completedAt} at time zone 'UTC') at time zone 'UTC'`;
  const signupDay = sql`date_trunc('day', ${users.createdAt} at time zone 'UTC') at time zone 'UTC'`;
  const creditDay = sql`date_trunc('day', ${pointTransactions.createdAt} at time zone 'UTC') at time zone 'UTC'`;
  const [tests, [online], signups, bytes, cycle] = await Promise.all([
    db
      .select({ at: epochMs(hour), count: sql<number>`count(*)::int` })
      .from(speedtests)
      .where(gte(speedtests.completedAt, new Date(firstHour)))
      .groupBy(hour),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(nodes)
      .where(
        and(
          isNull(nodes.removedAt),
          gte(nodes.lastSeenAt, new Date(now.getTime() - NODE_ONLINE_WINDOW_MS)),
        ),
      ),
    db
      .select({ at: epochMs(signupDay), count: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, new Date(firstDay)))
      .groupBy(signupDay),
    db
      .select({
        at: epochMs(creditDay),
        type: pointTransactions.transactionType,
        points: sql<number>`sum(${pointTransactions.pointsEarned})::float8`,
      })
      .from(pointTransactions)
      .where(gte(pointTransactions.createdAt, new Date(firstDay)))
      .groupBy(creditDay, pointTransactions.transactionType)
      .orderBy(creditDay, pointTransactions.transactionType),
    currentSeason(db),
  ]);
  return {
    testsPerHour: everyBucket(
      firstHour,
      HOUR_MS,
      OVERVIEW_HOURS,
      new Map(tests.map((row) => [row.at, row.count])),
    ),
    activeNodes: online?.count ?? 0,
    signupsPerDay: everyBucket(
      firstDay,
      DAY_MS,
      OVERVIEW_DAYS,
      new Map(signups.map((row) => [row.at, row.count])),
    ),
    bytesPerDay: bytes.map((row) => ({
      day: new Date(row.at).toISOString().slice(0, 10),
      type: row.type,
      points: row.points,
    })),
    currentCycle: {
      name: cycle.name as Cycle,
      startedAt: cycle.startedAt.toISOString(),
      endsAt: iso(cycle.endsAt),
    },
  };
}

const userRowColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  points: users.points,
  emailVerifiedAt: users.emailVerifiedAt,
  bannedAt: users.bannedAt,
  createdAt: users.createdAt,
};

type UserRowFields = { [K in keyof typeof userRowColumns]: (typeof users.$inferSelect)[K] };

function toAdminUserRow(row: UserRowFields): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    points: Number(row.points),
    verified: row.emailVerifiedAt !== null,
    banned_at: iso(row.bannedAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** `text` as the start of a LIKE pattern: its own % and _ match only themselves. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Users whose username or email starts with `q` (any case), or who tested or
 * signed in from the address `q`; everyone when `q` is empty. Newest first.
 */
export async function searchUsers(
  db: Queryable,
  query: AdminUserSearchQuery,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const q = query.q;
  const where = q
    ? sql`(lower(${users.username}) like ${likePrefix(q)} or lower(${users.email}) like ${likePrefix(q)}
        or users.id in (select tested.user_id from speedtests as tested where tested.ip_address = ${q})
        or users.id in (select signed.user_id from refresh_families as signed where signed.address = ${q}))`
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(userRowColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows: rows.map(toAdminUserRow), total: counted?.total ?? 0 };
}

/** A user's page: the account, referrer and referees, nodes, quests and sign-ins; undefined when there is none. */
export async function userDetail(
  db: Queryable,
  userId: number,
): Promise<AdminUserDetail | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const creditKeys = new Map(SOCIAL_QUEST_KEYS.map((key) => [questCreditKey(user.id, key), key]));
  const [referrer, referees, userNodes, quests, questCredits, logins] = await Promise.all([
    user.referredByUserId === null
      ? Promise.resolve([])
      : db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(eq(users.id, user.referredByUserId)),
    db
      .select({
        id: users.id,
        username: users.username,
        creditedTests: users.creditedTests,
        qualifiedAt: users.referralQualifiedAt,
        bannedAt: users.bannedAt,
      })
      .from(users)
      .where(eq(users.referredByUserId, user.id))
      .orderBy(users.createdAt)
      .limit(REFEREES_MAX),
    db
      .select()
      .from(nodes)
      .where(eq(nodes.userId, user.id))
      .orderBy(nodes.createdAt)
      .limit(NODES_MAX),
    questProfileOfUser(db, user.id),
    // When each claimed quest was credited: the ledger's unique key finds each one.
    db
      .select({ key: pointTransactions.idempotencyKey, at: pointTransactions.createdAt })
      .from(pointTransactions)
      .where(inArray(pointTransactions.idempotencyKey, [...creditKeys.keys()])),
    db
      .select({
        at: refreshFamilies.createdAt,
        address: refreshFamilies.address,
        // Spelled out: drizzle leaves a one-table query's columns unqualified.
        node: sql<boolean>`exists (select 1 from nodes where nodes.refresh_family_id = refresh_families.id)`,
      })
      .from(refreshFamilies)
      .where(eq(refreshFamilies.userId, user.id))
      .orderBy(desc(refreshFamilies.createdAt))
      .limit(LOGINS_MAX),
  ]);
  return {
    user: {
      ...toAdminUserRow(user),
      ban_reason: user.banReason,
      ban_notice: user.banNotice,
      referral_code: user.referralCode,
      daily_streaks: user.dailyStreaks,
      last_claimed_at: iso(user.lastClaimedAt),
      additional_boost: user.additionalBoost,
      successful_referrals: user.successfulReferrals,
      quest_completed: user.questCompleted,
      credited_tests: user.creditedTests,
    },
    referrer: referrer[0] ?? null,
    referees: referees.map((referee) => ({
      id: referee.id,
      username: referee.username,
      credited_tests: referee.creditedTests,
      qualified: referee.qualifiedAt !== null,
      banned: referee.bannedAt !== null,
    })),
    nodes: userNodes.map((node) => ({
      id: node.id,
      name: node.name,
      kind: node.kind,
      version: node.version,
      last_seen_at: iso(node.lastSeenAt),
      removed_at: iso(node.removedAt),
    })),
    quests: questStatesOf(
      quests,
      new Map(
        questCredits.flatMap((credit): [SocialQuestKey, Date][] => {
          const key = creditKeys.get(credit.key);
          return key ? [[key, credit.at]] : [];
        }),
      ),
    ),
    logins: logins.map((login) => ({
      at: login.at.toISOString(),
      address: login.address,
      kind: login.node ? ('node' as const) : ('web' as const),
    })),
  };
}

/**
 * Whom an announcement reaches, as a query of user ids: every account neither erased nor
 * banned, or only those active in the last `activeWithinDays` days. Active means a session
 * of theirs (a sign-in in a browser, or a node's) was used since: its last refresh, else its
 * sign-in, the "last used" of the Sessions list and the sign-ins of the console's user page.
 */
export function announcementAudience(activeWithinDays: number | null, now: Date): SQL {
  const reachable = and(isNull(users.deletedAt), isNull(users.bannedAt));
  if (activeWithinDays === null) {
    return sql`select ${users.id} from ${users} where ${reachable}`;
  }
  const since = new Date(now.getTime() - activeWithinDays * DAY_MS);
  return sql`select ${users.id} from ${users} where ${reachable} and exists (
    select 1 from ${refreshFamilies} where ${refreshFamilies.userId} = ${users.id}
      and coalesce(${refreshFamilies.lastUsedAt}, ${refreshFamilies.createdAt}) >= ${since})`;
}
