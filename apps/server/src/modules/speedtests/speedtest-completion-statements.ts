/**
 * The statements of a group of speed-test completions (docs/decisions/007 and
 * 020), built once and run by name (db/prepared-statement.ts): the lock of the
 * group's users and their referrers, the locks of the tests' addresses, the
 * state read under those locks, and the update that completes the tests the
 * rules credited. Each is one statement for the whole group, its members bound
 * as one array per field (db/batch-keys.ts); the rules around them live in
 * completion-group.ts, through the repository.
 */
import { and, count, eq, exists, getTableColumns, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  arrayLiteral,
  type KeyFields,
  preparedSql,
  preparedStatement,
  unnestedKeys,
} from '../../db/sql-kit.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';
import {
  REFEREE_COLUMNS,
  REFERRER_COLUMNS,
  type RefereeState,
  type ReferrerState,
} from '../referrals/index.ts';

type SpeedtestRow = typeof speedtests.$inferSelect;

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** The values of a statement over `items`: one array literal per field, by the field's name. */
function arraysOf<Item, Name extends string>(
  fields: KeyFields<Item, Name>,
  items: Item[],
): Record<Name, string> {
  const names = Object.keys(fields) as Name[];
  return Object.fromEntries(
    names.map((name) => [name, arrayLiteral(items.map(fields[name].of))]),
  ) as Record<Name, string>;
}

/** A locked user of a group: the completing user's boost and referral state, and the referrer's count. */
export type CompletionUser = RefereeState & ReferrerState & { additionalBoost: number | null };

/**
 * Locks the rows of the users given and of their referrers, in ascending id
 * order (a lock of rows sorted first is taken in that order), and reads them.
 * A referrer is read from referred_by_user_id without a lock: it never changes.
 */
export const lockCompletionUsersStatement = preparedStatement<
  { userIds: string },
  (CompletionUser & { id: number })[]
>('lock_completion_users', (db) => {
  const referees = alias(users, 'referee');
  const referrersOfUsers = db
    .select({ id: referees.referredByUserId })
    .from(referees)
    .where(sql`${referees.id} = any(${placeholder('userIds')}::int[])`);
  return db
    .select({
      id: users.id,
      additionalBoost: users.additionalBoost,
      ...REFEREE_COLUMNS,
      ...REFERRER_COLUMNS,
    })
    .from(users)
    .where(sql`${users.id} = any(${placeholder('userIds')}::int[] || array(${referrersOfUsers}))`)
    .orderBy(users.id)
    .for('update');
});

/** The advisory lock of an address is hashtext(IP_LOCK_PREFIX || address). */
const IP_LOCK_PREFIX = 'speedtest-ip:';

/**
 * Takes the advisory locks of the addresses the tests given were opened from
 * (an address never changes), in ascending order of the lock's key, so two
 * groups never wait on each other in a circle, even for two addresses whose
 * keys collide. Run after the users' lock: every completion takes its users'
 * rows first, then its addresses.
 */
export const lockTestAddressesStatement = preparedSql<{ testIds: string }>(
  'lock_test_addresses',
  sql`select pg_advisory_xact_lock(address.lock_key) from (
    select distinct hashtext(${IP_LOCK_PREFIX} || ${speedtests.ipAddress}) as lock_key
    from ${speedtests} where ${speedtests.id} = any(${placeholder('testIds')}::uuid[])
    order by lock_key
  ) as address`,
);

/** A member of a group as its state is read: its test and the times its rules look back to. */
export interface CompletionStateKey {
  testId: string;
  userId: number;
  /** The start of the member's UTC day: the daily limit counts tests credited since. */
  dayStart: Date;
  /** The address is shared when another account completed a test from it after this. */
  sharedIpSince: Date;
}

const STATE_KEY_FIELDS: KeyFields<CompletionStateKey, keyof CompletionStateKey> = {
  testId: { type: 'uuid', of: (key) => key.testId },
  userId: { type: 'int', of: (key) => key.userId },
  dayStart: { type: 'timestamptz', of: (key) => key.dayStart },
  sharedIpSince: { type: 'timestamptz', of: (key) => key.sharedIpSince },
};

/** A row of completionStatesStatement, one per member, in the group's order. */
export interface CompletionStateRow {
  ord: number;
  /** The member's test, null when it is not a test of the member's user. */
  test: SpeedtestRow | null;
  /** The user's tests credited since the member's day start (committed before the group). */
  creditedToday: number;
  /** Another account completed a test from the test's address since sharedIpSince. */
  ipShared: boolean;
}

/**
 * Per member: the test (when it is the user's), the user's tests credited
 * today and whether the test's address is shared, as committed before the
 * group. Run after both locks, so it sees every completion that held them
 * (a statement's snapshot is taken when it starts).
 */
/** completionStatesStatement's values for the members' keys. */
export const stateKeyValues = (keys: CompletionStateKey[]) => arraysOf(STATE_KEY_FIELDS, keys);

export const completionStatesStatement = preparedStatement<
  Record<string, string>,
  CompletionStateRow[]
>('completion_states', (db) => {
  const credited = alias(speedtests, 'credited');
  const others = alias(speedtests, 'others');
  const member = (field: string) => sql.raw(`m.${field}`);
  return db
    .select({
      ord: sql<number>`${member('ord')}`.mapWith(Number),
      test: speedtests,
      creditedToday: sql<number>`(${db
        .select({ credited: count() })
        .from(credited)
        .where(
          and(
            eq(credited.userId, member('user_id')),
            gte(credited.completedAt, member('day_start')),
          ),
        )})`.mapWith(Number),
      ipShared: exists(
        db
          .select({ id: others.id })
          .from(others)
          .where(
            and(
              eq(others.ipAddress, speedtests.ipAddress),
              gt(others.completedAt, member('shared_ip_since')),
              ne(others.userId, member('user_id')),
            ),
          ),
      ).mapWith(Boolean),
    })
    .from(unnestedKeys(STATE_KEY_FIELDS, 'm', (field) => placeholder(field)))
    .leftJoin(
      speedtests,
      sql`${speedtests.id} = ${member('test_id')} and ${speedtests.userId} = ${member('user_id')}`,
    )
    .orderBy(member('ord'));
});

/** What the rules decided for one credited test of a group, as written on its row. */
export interface TestCompletion {
  testId: string;
  completedAt: Date;
  locationCell: string | null;
  country: string | null;
  isLocationSlashing: boolean;
  additionalBoost: number | null;
  isIpSlashing: boolean;
  points: number;
}

/** A number with a fraction, or a boolean, as the text its array takes (KeyField). */
const asText = (value: number | boolean | null) => (value === null ? null : String(value));

const COMPLETION_FIELDS: KeyFields<TestCompletion, keyof TestCompletion> = {
  testId: { type: 'uuid', of: (test) => test.testId },
  completedAt: { type: 'timestamptz', of: (test) => test.completedAt },
  locationCell: { type: 'text', of: (test) => test.locationCell },
  country: { type: 'text', of: (test) => test.country },
  isLocationSlashing: { type: 'bool', of: (test) => asText(test.isLocationSlashing) },
  additionalBoost: { type: 'numeric', of: (test) => asText(test.additionalBoost) },
  isIpSlashing: { type: 'bool', of: (test) => asText(test.isIpSlashing) },
  points: { type: 'int', of: (test) => test.points },
};

/**
 * Completes the credited tests of a group from one array per column, each
 * only if it is not completed yet, and answers the completed rows.
 */
/** completeTestsStatement's values for the credited tests. */
export const completionValues = (tests: TestCompletion[]) => arraysOf(COMPLETION_FIELDS, tests);

export const completeTestsStatement = preparedStatement<Record<string, string>, SpeedtestRow[]>(
  'complete_tests',
  (db) => {
    const completion = (field: string) => sql.raw(`c.${field}`);
    return db
      .update(speedtests)
      .set({
        completedAt: completion('completed_at'),
        locationCell: completion('location_cell'),
        country: completion('country'),
        isLocationSlashing: completion('is_location_slashing'),
        additionalBoost: completion('additional_boost'),
        isIpSlashing: completion('is_ip_slashing'),
        points: completion('points'),
      })
      .from(unnestedKeys(COMPLETION_FIELDS, 'c', (field) => placeholder(field)))
      .where(and(sql`${speedtests.id} = ${completion('test_id')}`, isNull(speedtests.completedAt)))
      .returning(getTableColumns(speedtests));
  },
);
