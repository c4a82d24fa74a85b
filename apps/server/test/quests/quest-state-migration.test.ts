/**
 * Migration 0005 (docs/decisions/016): users' quest state, written into the old
 * users columns by plain SQL on a database migrated up to 0004, reads back
 * through the API after the server migrates it exactly as the old columns held
 * it: every profile answer byte for byte, and the claims as the state allows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, userProfileSchema, type UserProfile } from '@netpulse/shared';
import { rowsOf } from '../../src/db/batched-read.ts';
import type { Database } from '../../src/db/client.ts';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { startSession } from '../../src/modules/auth/session-service.ts';
import { profile, signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { countRows } from '../helpers/database.ts';
import { databaseMigratedTo } from '../helpers/database-at-migration.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { call, streakClaim } from '../helpers/points.ts';
import { claimQuest } from '../helpers/quests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The quest flags of the users table before 0005; each was named as the profile names it. */
const OLD_FLAG_COLUMNS = [
  'is_discord_verified',
  'is_discord_connected',
  'is_discord_joined',
  'is_discord_connect_claimed',
  'is_discord_join_claimed',
  'is_x_connected',
  'is_x_verified',
  'is_x_joined',
  'is_twitter_connect_claimed',
  'is_twitter_join_claimed',
  'is_x_founder_followed',
  'is_x_founder_follow_claimed',
  'is_x_rt_vl',
  'is_x_rt_vl_claimed',
  'is_telegram_connected',
  'is_telegram_joined',
  'is_telegram_connect_claimed',
  'is_telegram_join_claimed',
  'is_youtube_subscribe_claimed',
  'is_x_name_verified',
  'is_x_name_claimed',
  'is_discord_name_verified',
  'is_discord_name_claimed',
  'is_telegram_name_verified',
  'is_telegram_name_claimed',
] as const;
const OLD_TIMER_COLUMNS = [
  'x_name_verify_time',
  'discord_name_verify_time',
  'telegram_name_verify_time',
] as const;

type Flag = (typeof OLD_FLAG_COLUMNS)[number];
type Timer = (typeof OLD_TIMER_COLUMNS)[number];

/** One user's row as the old schema held it; what is left out has its default. */
interface OldUser {
  flags?: Partial<Record<Flag, boolean>>;
  timers?: Partial<Record<Timer, string>>;
  youtube?: 'false' | 'true' | 'verified';
  dailyStreakQuestCompleted?: boolean;
  questCompleted?: number;
  /** A 28-day streak whose 28-day milestone is claimable now. */
  streakAt28?: boolean;
}

const NOW = '2026-03-10T12:00:00.000Z';
const allFlags = Object.fromEntries(OLD_FLAG_COLUMNS.map((flag) => [flag, true]));

const NAMED_USERS: Record<string, OldUser> = {
  nothing: {},
  everything: {
    flags: allFlags,
    timers: {
      x_name_verify_time: '2026-03-01T10:00:00.000Z',
      discord_name_verify_time: '2026-03-02T11:30:00.250Z',
      telegram_name_verify_time: '2026-03-03T23:59:59.999Z',
    },
    youtube: 'verified',
    dailyStreakQuestCompleted: true,
    questCompleted: 19,
  },
  x_linked: { flags: { is_x_connected: true } },
  x_verified_not_claimed: { flags: { is_x_connected: true, is_x_verified: true } },
  x_follow_done: {
    flags: { is_x_connected: true, is_x_verified: true, is_x_joined: true },
    questCompleted: 0,
  },
  x_follow_claimed: {
    flags: {
      is_x_connected: true,
      is_x_verified: true,
      is_x_joined: true,
      is_twitter_join_claimed: true,
    },
    questCompleted: 1,
  },
  x_name_timer_running: {
    flags: { is_x_connected: true },
    timers: { x_name_verify_time: '2026-03-11T08:00:00.000Z' },
  },
  discord_linked: { flags: { is_discord_connected: true, is_discord_verified: true } },
  discord_name_verified: {
    flags: {
      is_discord_connected: true,
      is_discord_verified: true,
      is_discord_connect_claimed: true,
      is_discord_name_verified: true,
    },
    timers: { discord_name_verify_time: '2026-03-09T09:15:00.000Z' },
    questCompleted: 1,
  },
  telegram_joined_claimed: {
    flags: {
      is_telegram_connected: true,
      is_telegram_joined: true,
      is_telegram_join_claimed: true,
    },
    timers: { telegram_name_verify_time: '2026-03-12T00:00:00.000Z' },
    questCompleted: 1,
  },
  youtube_verifying: { youtube: 'true' },
  youtube_verified: { youtube: 'verified' },
  youtube_claimed: { youtube: 'verified', flags: { is_youtube_subscribe_claimed: true } },
  // Flags no request of today's server would set together: the migration keeps them all the same.
  odd_combination: {
    flags: { is_x_verified: true, is_discord_verified: true, is_telegram_name_claimed: true },
    youtube: 'true',
  },
  streak_quest_counted: { dailyStreakQuestCompleted: true, questCompleted: 5, streakAt28: true },
  streak_quest_not_counted: { streakAt28: true },
};

/** A small deterministic generator, so a failing seed is the same seed next run. */
function pseudoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Users with each flag, timer and YouTube state drawn at random. */
function randomUsers(count: number): Record<string, OldUser> {
  const next = pseudoRandom(16);
  const youtubeStates = ['false', 'true', 'verified'] as const;
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `random_${index}`,
      {
        flags: Object.fromEntries(OLD_FLAG_COLUMNS.map((flag) => [flag, next() < 0.4])),
        timers: Object.fromEntries(
          OLD_TIMER_COLUMNS.filter(() => next() < 0.4).map((timer) => [
            timer,
            new Date(Date.parse(NOW) + Math.round((next() - 0.5) * 4 * 86_400_000)).toISOString(),
          ]),
        ),
        youtube: youtubeStates[Math.floor(next() * 3)],
        dailyStreakQuestCompleted: next() < 0.4,
        questCompleted: Math.floor(next() * 19),
      } satisfies OldUser,
    ]),
  );
}

const OLD_USERS = { ...NAMED_USERS, ...randomUsers(12) };

/** Writes the user into the old schema's columns with plain SQL; answers the id. */
async function insertOldUser(db: Database, username: string, old: OldUser): Promise<number> {
  const values: Record<string, unknown> = {
    email: `${username}@example.com`,
    username,
    password_hash: 'not-a-hash',
    referral_code: username.toUpperCase(),
    email_verified_at: NOW,
    quest_completed: old.questCompleted ?? 0,
    ...old.flags,
    ...old.timers,
    is_youtube_verifying: old.youtube ?? 'false',
    daily_streak_quest_completed: old.dailyStreakQuestCompleted ?? false,
    ...(old.streakAt28
      ? {
          daily_streaks: 28,
          last_claimed_at: '2026-03-10T08:00:00.000Z',
          last_claimed_streak_milestone: 21,
          streak_run: 1,
        }
      : {}),
  };
  const columns = Object.keys(values);
  const result = await db.execute(
    sql`insert into users (${sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    )}) values (${sql.join(
      columns.map((column) => sql`${values[column]}`),
      sql`, `,
    )}) returning id`,
  );
  return rowsOf<{ id: number }>(result)[0]!.id;
}

/** The profile the server answered from the old columns (its fields were the columns). */
function expectedProfile(username: string, old: OldUser): UserProfile {
  const fields: Record<string, unknown> = {
    profile_img: null,
    username,
    role: 'member',
    points: 0,
    daily_streaks: old.streakAt28 ? 28 : 0,
    last_claimed_at: old.streakAt28 ? '2026-03-10T08:00:00.000Z' : null,
    last_claimed_streak_milestone: old.streakAt28 ? 21 : 0,
    last_claimed_referral_milestone: 0,
    successful_referrals: 0,
    quest_completed: old.questCompleted ?? 0,
    ...Object.fromEntries(OLD_FLAG_COLUMNS.map((flag) => [flag, old.flags?.[flag] ?? false])),
    is_youtube_verifying: old.youtube ?? 'false',
    ...Object.fromEntries(OLD_TIMER_COLUMNS.map((timer) => [timer, old.timers?.[timer] ?? null])),
    // Not a column then: every account made before issue 28 speaks English.
    locale: 'en',
  };
  // In the spec's order, the order the server has always answered in.
  return Object.fromEntries(
    Object.keys(userProfileSchema.shape).map((key) => [key, fields[key]]),
  ) as UserProfile;
}

const answerOf = (data: unknown) =>
  JSON.stringify({ success: true, message: SERVER_MESSAGES.ok, data });

describe('migration 0005: quest state out of the users table', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const database = await databaseMigratedTo('0004_pagination_counters');
    // The app migrates as it starts: the users go in before, through the old schema.
    const ids = new Map<string, number>();
    for (const [username, old] of Object.entries(OLD_USERS)) {
      ids.set(username, await insertOldUser(database.db, username, old));
    }
    t = await createTestApp({ database, now: NOW });
    for (const [username, id] of ids) {
      tokens.set(username, (await startSession(t.app, id)).accessToken);
    }
  }, 120_000);

  afterAll(async () => {
    await expectLedgerInvariant(t.database);
    await t.close();
  });

  /** The seeded user as the call helpers take a person: only the access token is used. */
  const personOf = (username: string) =>
    ({ username, accessToken: tokens.get(username)! }) as SignedIn;

  it('answers every user’s profile exactly as the old columns held it', async () => {
    for (const [username, old] of Object.entries(OLD_USERS)) {
      const response = await profile(t, tokens.get(username)!);
      expect(response.statusCode, username).toBe(200);
      expect(response.body, username).toBe(answerOf(expectedProfile(username, old)));
    }
  });

  it('keeps the quest columns nowhere on users, and a row only for quests with some state', async () => {
    const result = await t.database.db.execute(
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'users' and (column_name like 'is\\_%' or column_name like '%verify_time'
            or column_name = 'daily_streak_quest_completed')`,
    );
    expect(rowsOf(result)).toEqual([]);
    const nothing = await t.database.db.execute(
      sql`select count(*)::int as rows from quest_progress
          join users on users.id = quest_progress.user_id where users.username = 'nothing'`,
    );
    expect(rowsOf<{ rows: number }>(nothing)[0]!.rows).toBe(0);
    // 12 social quests and the Daily Streak, all with some state.
    const everything = await t.database.db.execute(
      sql`select count(*)::int as rows from quest_progress
          join users on users.id = quest_progress.user_id where users.username = 'everything'`,
    );
    expect(rowsOf<{ rows: number }>(everything)[0]!.rows).toBe(13);
  });

  it('lets a quest done before the migration be claimed once, and refuses one claimed before it', async () => {
    const claimed = await claimQuest(t, personOf('x_follow_done'), 'xFollow');
    expect(claimed.statusCode, claimed.body).toBe(200);
    const after = (await profile(t, tokens.get('x_follow_done')!)).json().data;
    expect(after).toMatchObject({ is_twitter_join_claimed: true, quest_completed: 1 });
    expect((await claimQuest(t, personOf('x_follow_done'), 'xFollow')).statusCode).toBe(409);

    expect((await claimQuest(t, personOf('x_follow_claimed'), 'xFollow')).statusCode).toBe(409);
    expect((await claimQuest(t, personOf('youtube_claimed'), 'youtubeSubscribe')).statusCode).toBe(
      409,
    );
    const youtube = await claimQuest(t, personOf('youtube_verified'), 'youtubeSubscribe');
    expect(youtube.statusCode, youtube.body).toBe(200);
    // Verifying is not verified: nothing to claim yet.
    expect(
      (await claimQuest(t, personOf('youtube_verifying'), 'youtubeSubscribe')).statusCode,
    ).toBe(409);
  });

  it('counts the Daily Streak quest only for a user whose old row had not counted it', async () => {
    for (const [username, questsAfter] of [
      ['streak_quest_counted', 5],
      ['streak_quest_not_counted', 1],
    ] as const) {
      const response = await streakClaim(t, personOf(username));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.points_earned).toBe(5000);
      const after = (await profile(t, tokens.get(username)!)).json().data;
      expect(after.quest_completed, username).toBe(questsAfter);
    }
  });

  it('gives a brand-new user the same profile a new user always had', async () => {
    const rowsBefore = await countRows(t.database, questProgress);
    const person = await signedInPerson(t);
    const response = await call(t, person, 'GET', '/auth/profile');
    expect(response.body).toBe(answerOf(expectedProfile(person.username, {})));
    expect(await countRows(t.database, questProgress)).toBe(rowsBefore);
  });
});
