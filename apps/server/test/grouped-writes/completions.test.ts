/**
 * Speed-test completions written in groups (docs/decisions/020): the
 * completions submitted in one event-loop turn are one group, one transaction;
 * each is answered exactly as if the completions were made one after the other
 * (the daily limit, the unique-IP rule and the referral rewards judged in
 * arrival order), and no member fails another. The ledger invariant is checked
 * after every test (useTestApp), and the users' counters here too.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POINTS_MESSAGES } from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { seasons } from '../../src/db/tables/seasons-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import type { CompletedTest } from '../../src/modules/speedtests/completion-group.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import {
  completeSpeedtest,
  measuredSpeedtest,
  SOMEWHERE,
  SOMEWHERE_PLACE,
  userIdOf,
} from '../helpers/points.ts';
import { BACK_TO_BACK_SPEEDTESTS, signedInMember, signedInReferee } from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS });

/** Every user's ledger_rows and credited_tests agree with the rows they count. */
async function expectCountersMatch() {
  const drift = await t.database.db.execute(sql`
    select u.id from ${users} u
    where u.ledger_rows <> (select count(*) from ${pointTransactions} p where p.user_id = u.id)
      or u.credited_tests <> (select count(*) from ${speedtests} s
        where s.user_id = u.id and s.completed_at is not null)`);
  expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
}

afterEach(expectCountersMatch);

interface Person extends SignedIn {
  id: number;
}

async function newPeople(count: number): Promise<Person[]> {
  const people = await Promise.all(Array.from({ length: count }, () => signedInPerson(t)));
  return Promise.all(people.map(async (person) => ({ ...person, id: await userIdOf(t, person) })));
}

/** What a completion answered: its points and address flag, or the error's status and message. */
async function outcomeOf(completion: Promise<CompletedTest>) {
  try {
    const { row } = await completion;
    return { points: row.points, ipSlashing: row.isIpSlashing };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    return { error: String(error) };
  }
}

interface Completion {
  userId: number;
  testId: string;
  located?: boolean;
}

/** The completions given, all submitted in this turn: one group. */
const completionsInOneTurn = (completions: Completion[], dailyLimit = 100) =>
  Promise.all(
    completions.map(({ userId, testId, located = true }) =>
      outcomeOf(
        t.app.completions.submit({
          userId,
          testId,
          place: located ? SOMEWHERE_PLACE : null,
          at: t.clock.now(),
          dailyLimit,
        }),
      ),
    ),
  );

async function userRow(userId: number) {
  const [row] = await t.database.db
    .select({
      points: users.points,
      ledgerRows: users.ledgerRows,
      creditedTests: users.creditedTests,
      successfulReferrals: users.successfulReferrals,
      referralQualifiedAt: users.referralQualifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const ledgerKeysOf = async (userId: number) =>
  (
    await t.database.db
      .select({ key: pointTransactions.idempotencyKey, points: pointTransactions.pointsEarned })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, userId))
      .orderBy(pointTransactions.id)
  ).map((row) => `${row.key}=${row.points}`);

async function testRow(testId: string) {
  const [row] = await t.database.db.select().from(speedtests).where(eq(speedtests.id, testId));
  return row;
}

const UNIQUE = { points: 200, ipSlashing: false };
const SHARED = { points: 100, ipSlashing: true };
const ALREADY_COMPLETED = { status: 409, message: POINTS_MESSAGES.speedtestAlreadyCompleted };
const LIMIT_REACHED = { status: 429, message: POINTS_MESSAGES.dailyLimitReached };

describe('speed-test completions written in groups', () => {
  it('writes a group in one transaction, each member answered its own result', async () => {
    const [a, b, c] = (await newPeople(3)) as [Person, Person, Person];
    const tests = await Promise.all(
      [a, b, c].map(async (person, index) => ({
        userId: person.id,
        testId: await measuredSpeedtest(t, person, `198.51.100.${index + 1}`),
      })),
    );
    const transaction = vi.spyOn(t.app.db, 'transaction');
    try {
      expect(await completionsInOneTurn(tests)).toEqual([UNIQUE, UNIQUE, UNIQUE]);
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
    for (const [index, person] of [a, b, c].entries()) {
      expect(await userRow(person.id)).toMatchObject({
        points: 200,
        ledgerRows: 1,
        creditedTests: 1,
      });
      expect(await ledgerKeysOf(person.id)).toEqual([`speedtest:${tests[index]?.testId}=200`]);
    }
  });

  it('credits a test completed twice in one group once, and answers the second 409', async () => {
    const [a, b] = (await newPeople(2)) as [Person, Person];
    const testA = await measuredSpeedtest(t, a, '198.51.100.1');
    const testB = await measuredSpeedtest(t, b, '198.51.100.2');
    const outcomes = await completionsInOneTurn([
      { userId: a.id, testId: testA },
      { userId: b.id, testId: testB },
      { userId: a.id, testId: testA },
      // Another account naming a's test: not its test, as alone.
      { userId: b.id, testId: testA },
    ]);
    expect(outcomes).toEqual([
      UNIQUE,
      UNIQUE,
      ALREADY_COMPLETED,
      { status: 404, message: POINTS_MESSAGES.speedtestUnknown },
    ]);
    expect(await ledgerKeysOf(a.id)).toEqual([`speedtest:${testA}=200`]);
    expect(await userRow(a.id)).toMatchObject({ points: 200, ledgerRows: 1, creditedTests: 1 });
  });

  it('answers duplicates sent through the API at once 409 with the message a lone duplicate gets', async () => {
    const [a] = (await newPeople(1)) as [Person];
    const testId = await measuredSpeedtest(t, a);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => completeSpeedtest(t, a, { testId, ...SOMEWHERE })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({
        success: false,
        message: POINTS_MESSAGES.speedtestAlreadyCompleted,
      });
    }
    expect(await userRow(a.id)).toMatchObject({ points: 200, ledgerRows: 1, creditedTests: 1 });
  });

  it('judges two completions of one person in order: the earlier one reaches the daily limit', async () => {
    const [a, b] = (await newPeople(2)) as [Person, Person];
    // Three of a's four tests of the day are credited already.
    for (let i = 0; i < 3; i++) {
      const testId = await measuredSpeedtest(t, a);
      expect(await completionsInOneTurn([{ userId: a.id, testId }], 4)).toEqual([UNIQUE]);
    }
    const fourth = await measuredSpeedtest(t, a);
    const fifth = await measuredSpeedtest(t, a);
    const others = await measuredSpeedtest(t, b, '198.51.100.9');
    const outcomes = await completionsInOneTurn(
      [
        { userId: a.id, testId: fourth },
        { userId: b.id, testId: others },
        { userId: a.id, testId: fifth },
      ],
      4,
    );
    expect(outcomes).toEqual([UNIQUE, UNIQUE, LIMIT_REACHED]);
    expect(await testRow(fifth)).toMatchObject({ completedAt: null, points: null });
    expect(await userRow(a.id)).toMatchObject({ points: 800, creditedTests: 4 });
  });

  it('slashes the second of two accounts completing from one new address in one group', async () => {
    const [a, b, c] = (await newPeople(3)) as [Person, Person, Person];
    const ip = '203.0.113.40';
    const testA = await measuredSpeedtest(t, a, ip);
    const testB = await measuredSpeedtest(t, b, ip);
    const testC = await measuredSpeedtest(t, c, '203.0.113.41');
    const secondOfA = await measuredSpeedtest(t, a, ip);
    const outcomes = await completionsInOneTurn([
      { userId: a.id, testId: testA },
      { userId: c.id, testId: testC },
      { userId: b.id, testId: testB },
      // a again, after b: the address is shared now.
      { userId: a.id, testId: secondOfA },
    ]);
    expect(outcomes).toEqual([UNIQUE, UNIQUE, SHARED, SHARED]);
    expect(await testRow(testA)).toMatchObject({ isIpSlashing: false, points: 200 });
    expect(await testRow(testB)).toMatchObject({ isIpSlashing: true, points: 100 });
    expect(await userRow(a.id)).toMatchObject({ points: 300, creditedTests: 2 });
  });

  it('keeps an address unique for one account completing twice from it in one group', async () => {
    const [a] = (await newPeople(1)) as [Person];
    const ip = '203.0.113.50';
    const first = await measuredSpeedtest(t, a, ip);
    const second = await measuredSpeedtest(t, a, ip);
    expect(
      await completionsInOneTurn([
        { userId: a.id, testId: first },
        { userId: a.id, testId: second, located: false },
      ]),
    ).toEqual([UNIQUE, { points: 100, ipSlashing: false }]);
  });

  it('refuses alone the member whose ledger key is taken, and credits the others', async () => {
    const [a, b, c] = (await newPeople(3)) as [Person, Person, Person];
    const testA = await measuredSpeedtest(t, a, '198.51.100.1');
    const testB = await measuredSpeedtest(t, b, '198.51.100.2');
    const testC = await measuredSpeedtest(t, c, '198.51.100.3');
    // b's test's key is in the ledger already (with no points, so the invariant holds),
    // while the test row says it was never completed: the rules credit it, the ledger refuses.
    const [season] = await t.database.db
      .select({ id: seasons.id })
      .from(seasons)
      .where(eq(seasons.isCurrent, true));
    await t.database.db.insert(pointTransactions).values({
      transactionId: 'PREINSERTEDKEYB2',
      userId: b.id,
      transactionType: 'speedtest_earning',
      pointsEarned: 0,
      details: 'Speedtest',
      seasonId: season?.id ?? 0,
      idempotencyKey: `speedtest:${testB}`,
      createdAt: t.clock.now(),
    });
    await t.database.db
      .update(users)
      .set({ ledgerRows: sql`${users.ledgerRows} + 1` })
      .where(eq(users.id, b.id));
    expect(
      await completionsInOneTurn([
        { userId: a.id, testId: testA },
        { userId: b.id, testId: testB },
        { userId: c.id, testId: testC },
      ]),
    ).toEqual([UNIQUE, ALREADY_COMPLETED, UNIQUE]);
    expect(await userRow(a.id)).toMatchObject({ points: 200, creditedTests: 1 });
    expect(await userRow(c.id)).toMatchObject({ points: 200, creditedTests: 1 });
    // Nothing of b's refused completion stands: its test and its row are as before.
    expect(await testRow(testB)).toMatchObject({ completedAt: null, points: null });
    expect(await userRow(b.id)).toMatchObject({ points: 0, ledgerRows: 1, creditedTests: 0 });
  });

  it('fails alone a member that fails otherwise, and credits the others', async () => {
    const [a, b] = (await newPeople(2)) as [Person, Person];
    const testA = await measuredSpeedtest(t, a, '198.51.100.1');
    const testB = await measuredSpeedtest(t, b, '198.51.100.2');
    const unknownUser = b.id + 1_000_000;
    expect(
      await completionsInOneTurn([
        { userId: a.id, testId: testA },
        { userId: unknownUser, testId: testB },
        { userId: b.id, testId: testB },
      ]),
    ).toEqual([UNIQUE, { error: `Error: no user ${unknownUser}` }, UNIQUE]);
  });

  it('runs concurrent groups over the same people and addresses without deadlock or double credit', async () => {
    const people = await newPeople(6);
    const addresses = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
    // Three tests each; person i opens from address i % 3, so addresses are shared too.
    const tests: Completion[][] = [];
    for (let round = 0; round < 3; round++) {
      tests.push(
        await Promise.all(
          people.map(async (person, index) => ({
            userId: person.id,
            testId: await measuredSpeedtest(t, person, addresses[index % 3]),
          })),
        ),
      );
    }
    const transaction = vi.spyOn(t.app.db, 'transaction');
    const groups: Promise<unknown[]>[] = [];
    for (let group = 0; group < 6; group++) {
      // Every group holds one test of each person, in an order of its own, each test
      // twice across the groups, and starts before the last ends.
      const round = tests[group % 3] as Completion[];
      groups.push(completionsInOneTurn([...round].sort(() => Math.random() - 0.5)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = (await Promise.all(groups)).flat();
    // One transaction per group: none was retried after a deadlock, none written again alone.
    expect(transaction).toHaveBeenCalledTimes(6);
    transaction.mockRestore();
    expect(outcomes.filter((outcome) => 'points' in (outcome as object))).toHaveLength(18);
    expect(outcomes.filter((outcome) => isEqual(outcome, ALREADY_COMPLETED))).toHaveLength(18);
    for (const person of people) {
      expect(await userRow(person.id)).toMatchObject({ ledgerRows: 3, creditedTests: 3 });
    }
    // Each address is used by two accounts: only the test credited first from it, of
    // all six, kept the unique-IP boost, as if the completions had come one by one.
    const unique = await t.database.db
      .select({ ip: speedtests.ipAddress })
      .from(speedtests)
      .where(sql`${speedtests.completedAt} is not null and not ${speedtests.isIpSlashing}`);
    expect(unique.map((row) => row.ip).sort()).toEqual(addresses);
    const points = await Promise.all(
      people.map(async (person) => (await userRow(person.id))?.points),
    );
    expect(points.reduce((sum = 0, each = 0) => sum + each, 0)).toBe(3 * 200 + 15 * 100);
  });

  it('pays the referral bonus at the 15th credited test and the commission after it, inside a group', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    const fourteen: Completion[] = [];
    for (let i = 0; i < 14; i++) {
      fourteen.push({ userId: referee.id, testId: await measuredSpeedtest(t, referee) });
    }
    // Fourteen in one group: no referral reward yet.
    expect(await completionsInOneTurn(fourteen)).toEqual(Array(14).fill(UNIQUE));
    expect(await userRow(referrer.id)).toMatchObject({ points: 0, successfulReferrals: 0 });

    const fifteenth = await measuredSpeedtest(t, referee);
    const sixteenth = await measuredSpeedtest(t, referee);
    const referrersOwn = await measuredSpeedtest(t, referrer, '198.51.100.77');
    expect(
      await completionsInOneTurn([
        { userId: referee.id, testId: fifteenth },
        { userId: referrer.id, testId: referrersOwn },
        { userId: referee.id, testId: sixteenth },
      ]),
    ).toEqual([UNIQUE, UNIQUE, UNIQUE]);
    expect(await ledgerKeysOf(referrer.id)).toEqual([
      `refbonus:${referee.id}=200`,
      `speedtest:${referrersOwn}=200`,
      `commission:${sixteenth}=20`,
    ]);
    expect(await userRow(referrer.id)).toMatchObject({
      points: 420,
      ledgerRows: 3,
      creditedTests: 1,
      successfulReferrals: 1,
    });
    expect(await userRow(referee.id)).toMatchObject({
      points: 16 * 200,
      creditedTests: 16,
      referralQualifiedAt: t.clock.now(),
    });
  });
});

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
