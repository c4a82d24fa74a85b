/**
 * Daily claims written in groups (docs/decisions/020): the claims submitted in
 * one event-loop turn are one group, one transaction; each is answered exactly
 * as if the claims were made one after the other, and no member fails another.
 * The ledger invariant is checked after every test (useTestApp).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POINTS_MESSAGES } from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { seasons } from '../../src/db/tables/seasons-tables.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { claimDaily } from '../../src/modules/claims/claim-service.ts';
import { signedInPerson } from '../helpers/auth-flow.ts';
import { dailyClaim, userIdOf } from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

async function newUserIds(count: number): Promise<number[]> {
  const people = await Promise.all(Array.from({ length: count }, () => signedInPerson(t)));
  return Promise.all(people.map((person) => userIdOf(t, person)));
}

/** What a claim answered: the points credited, or the error's status and message. */
async function outcomeOf(claim: Promise<{ pointsEarned: number }>) {
  try {
    return { points: (await claim).pointsEarned };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    return { error: String(error) };
  }
}

/** Claims of the users given, all submitted in this turn: one group. */
const claimsInOneTurn = (userIds: number[]) =>
  Promise.all(userIds.map((userId) => outcomeOf(claimDaily(t.app, userId))));

async function claimStateOf(userId: number) {
  const [row] = await t.database.db
    .select({
      points: users.points,
      ledgerRows: users.ledgerRows,
      dailyStreaks: users.dailyStreaks,
      lastClaimedAt: users.lastClaimedAt,
      streakRun: users.streakRun,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const ledgerRowsOf = (userId: number) =>
  t.database.db.select().from(pointTransactions).where(eq(pointTransactions.userId, userId));

const CREDITED = { points: 100 };
const ALREADY_CLAIMED = { status: 409, message: POINTS_MESSAGES.alreadyClaimedToday };

describe('daily claims written in groups', () => {
  it('credits each person of a group once and answers their own result', async () => {
    const [a, b, c] = (await newUserIds(3)) as [number, number, number];
    expect(await claimsInOneTurn([a, b, c])).toEqual([CREDITED, CREDITED, CREDITED]);
    for (const userId of [a, b, c]) {
      expect(await claimStateOf(userId)).toEqual({
        points: 100,
        ledgerRows: 1,
        dailyStreaks: 1,
        lastClaimedAt: t.clock.now(),
        streakRun: 1,
      });
      const [row] = await ledgerRowsOf(userId);
      expect(row?.idempotencyKey).toBe(`daily:${userId}:2026-03-10`);
    }
  });

  it('answers the second claim of one person in a group 409, as if after the first', async () => {
    const [a, b] = (await newUserIds(2)) as [number, number];
    expect(await claimsInOneTurn([a, b, a])).toEqual([CREDITED, CREDITED, ALREADY_CLAIMED]);
    expect(await ledgerRowsOf(a)).toHaveLength(1);
    expect(await claimStateOf(a)).toMatchObject({ points: 100, ledgerRows: 1, dailyStreaks: 1 });
  });

  it('judges two claims of one person across midnight in one group in order: both credit, streak 2', async () => {
    const [a] = (await newUserIds(1)) as [number];
    t.clock.set('2026-03-10T23:59:59.999Z');
    const beforeMidnight = outcomeOf(claimDaily(t.app, a));
    t.clock.set('2026-03-11T00:00:00.000Z');
    const afterMidnight = outcomeOf(claimDaily(t.app, a));
    expect(await Promise.all([beforeMidnight, afterMidnight])).toEqual([CREDITED, CREDITED]);
    expect(await claimStateOf(a)).toMatchObject({ points: 200, ledgerRows: 2, dailyStreaks: 2 });
    expect((await ledgerRowsOf(a)).map((row) => row.idempotencyKey).sort()).toEqual([
      `daily:${a}:2026-03-10`,
      `daily:${a}:2026-03-11`,
    ]);
  });

  it('answers the duplicates among concurrent requests 409 with today’s message', async () => {
    const people = await Promise.all([signedInPerson(t), signedInPerson(t)]);
    const [first, second] = people as [(typeof people)[0], (typeof people)[0]];
    const responses = await Promise.all(
      [first, second, first, second, first].map((person) => dailyClaim(t, person)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({
        success: false,
        message: POINTS_MESSAGES.alreadyClaimedToday,
      });
    }
    for (const person of people) {
      expect(await ledgerRowsOf(await userIdOf(t, person))).toHaveLength(1);
    }
  });

  it('refuses alone the member whose ledger key is taken, and credits the others', async () => {
    const [a, b, c] = (await newUserIds(3)) as [number, number, number];
    // b's key for today is in the ledger already (with no points, so the invariant holds),
    // while b's row says it never claimed: the rules let b claim, the ledger refuses it.
    const [season] = await t.database.db
      .select({ id: seasons.id })
      .from(seasons)
      .where(eq(seasons.isCurrent, true));
    await t.database.db.insert(pointTransactions).values({
      transactionId: 'PREINSERTEDKEYB1',
      userId: b,
      transactionType: 'daily_claim',
      pointsEarned: 0,
      details: 'Daily Claim',
      seasonId: season?.id ?? 0,
      idempotencyKey: `daily:${b}:2026-03-10`,
      createdAt: t.clock.now(),
    });
    expect(await claimsInOneTurn([a, b, c])).toEqual([CREDITED, ALREADY_CLAIMED, CREDITED]);
    expect(await claimStateOf(a)).toMatchObject({ points: 100, ledgerRows: 1, dailyStreaks: 1 });
    expect(await claimStateOf(c)).toMatchObject({ points: 100, ledgerRows: 1, dailyStreaks: 1 });
    // Nothing of b's refused claim stands: its row is as before.
    expect(await claimStateOf(b)).toMatchObject({
      points: 0,
      dailyStreaks: 0,
      lastClaimedAt: null,
    });
  });

  it('fails alone a member that fails otherwise, and credits the others', async () => {
    const [a, b] = (await newUserIds(2)) as [number, number];
    const unknownUser = b + 1_000_000;
    expect(await claimsInOneTurn([a, unknownUser, b])).toEqual([
      CREDITED,
      { error: `Error: no user ${unknownUser}` },
      CREDITED,
    ]);
  });

  it('runs concurrent groups over the same people without deadlock or double credit', async () => {
    const userIds = await newUserIds(8);
    for (const day of ['2026-03-10T12:00:00.000Z', '2026-03-11T12:00:00.000Z']) {
      t.clock.set(day);
      const claims: Promise<unknown>[] = [];
      for (let group = 0; group < 6; group++) {
        // Each group holds every person, in an order of its own, and starts before the last ends.
        const order = [...userIds].sort(() => Math.random() - 0.5);
        claims.push(claimsInOneTurn(order));
        await new Promise((resolve) => setImmediate(resolve));
      }
      const outcomes = (await Promise.all(claims)).flat();
      expect(outcomes.filter((outcome) => 'points' in (outcome as object))).toHaveLength(8);
      expect(
        outcomes.filter((outcome) => (outcome as { status?: number }).status === 409),
      ).toHaveLength(8 * 5);
    }
    for (const userId of userIds) {
      expect(await claimStateOf(userId)).toMatchObject({
        points: 200,
        ledgerRows: 2,
        dailyStreaks: 2,
        streakRun: 1,
      });
    }
  });
});
