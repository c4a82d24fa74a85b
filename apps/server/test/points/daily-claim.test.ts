/** The daily claim and the streak milestones (docs/ARCHITECTURE.md section 5, spec section 4). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  claimResultSchema,
  dataEnvelope,
  POINTS_MESSAGES,
  SERVER_MESSAGES,
} from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { profile, signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { dailyClaim, laterDays, renewSession, streakClaim, userIdOf } from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const claimEnvelope = dataEnvelope(claimResultSchema.strict()).strict();

async function profileOf(person: SignedIn) {
  return (await profile(t, person.accessToken)).json().data;
}

async function ledgerOf(person: SignedIn) {
  return t.database.db
    .select()
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, await userIdOf(t, person)))
    .orderBy(pointTransactions.id);
}

/** Claims once a day for `days` days, the first today. */
async function claimOnDays(person: SignedIn, days: number) {
  for (let day = 0; day < days; day++) {
    if (day > 0) await laterDays(t, person);
    const response = await dailyClaim(t, person);
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('POST /daily-claim', () => {
  it('credits 100 Bytes, starts the streak and records the claim in the ledger', async () => {
    const person = await signedInPerson(t);
    const response = await dailyClaim(t, person);
    expect(response.statusCode, response.body).toBe(200);
    const body = claimEnvelope.parse(response.json());
    expect(body).toMatchObject({
      success: true,
      message: POINTS_MESSAGES.dailyClaimed,
      data: { points_earned: 100 },
    });
    expect(await profileOf(person)).toMatchObject({
      points: 100,
      daily_streaks: 1,
      last_claimed_at: t.clock.now().toISOString(),
      last_claimed_streak_milestone: 0,
    });
    const [row] = await ledgerOf(person);
    expect(row).toMatchObject({
      transactionId: body.data.transaction_id,
      transactionType: 'daily_claim',
      pointsEarned: 100,
      details: 'Daily Claim',
      createdAt: t.clock.now(),
    });
    expect(row?.idempotencyKey).toBe(`daily:${row?.userId}:2026-03-10`);
  });

  it('answers a second claim on the same UTC day with 409 and changes nothing', async () => {
    const person = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    const before = { profile: await profileOf(person), ledger: await ledgerOf(person) };
    t.clock.set('2026-03-10T23:59:59.999Z'); // the last moment of the same UTC day
    await renewSession(t, person);
    const again = await dailyClaim(t, person);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: POINTS_MESSAGES.alreadyClaimedToday });
    expect({ profile: await profileOf(person), ledger: await ledgerOf(person) }).toEqual(before);
  });

  it('credits exactly one 100 out of 50 concurrent claims', async () => {
    const person = await signedInPerson(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => dailyClaim(t, person)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe(POINTS_MESSAGES.alreadyClaimedToday);
    }
    expect(await ledgerOf(person)).toHaveLength(1);
    expect(await profileOf(person)).toMatchObject({ points: 100, daily_streaks: 1 });
  });

  it('unlocks again at the next UTC midnight and extends the streak', async () => {
    const person = await signedInPerson(t);
    t.clock.set('2026-03-10T23:59:59.000Z');
    await renewSession(t, person);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    t.clock.set('2026-03-11T00:00:00.000Z');
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    expect(await profileOf(person)).toMatchObject({ points: 200, daily_streaks: 2 });
  });

  it('restarts the streak at 1 and the milestone at 0 after a missed day', async () => {
    const person = await signedInPerson(t);
    await claimOnDays(person, 8);
    expect((await streakClaim(t, person)).statusCode).toBe(200);
    expect(await profileOf(person)).toMatchObject({
      daily_streaks: 8,
      last_claimed_streak_milestone: 7,
    });

    await laterDays(t, person, 2); // a day without a claim
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    expect(await profileOf(person)).toMatchObject({
      daily_streaks: 1,
      last_claimed_streak_milestone: 0,
      points: 9 * 100 + 1000,
    });
  });

  it('asks for a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/api/daily-claim' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: SERVER_MESSAGES.unauthorized });
  });
});

describe('POST /claim-streaks-points', () => {
  it('pays 1000 Bytes once the streak reaches 7, and only once', async () => {
    const person = await signedInPerson(t);
    await claimOnDays(person, 6);
    const early = await streakClaim(t, person);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ success: false, message: POINTS_MESSAGES.noStreakMilestone });

    await laterDays(t, person);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    const paid = await streakClaim(t, person);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(claimEnvelope.parse(paid.json())).toMatchObject({
      message: POINTS_MESSAGES.streakClaimed,
      data: { points_earned: 1000 },
    });
    const again = await streakClaim(t, person);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(POINTS_MESSAGES.noStreakMilestone);

    expect(await profileOf(person)).toMatchObject({
      points: 7 * 100 + 1000,
      daily_streaks: 7,
      last_claimed_streak_milestone: 7,
    });
    const bonus = (await ledgerOf(person)).filter((row) => row.transactionType === 'streak_bonus');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]?.idempotencyKey).toBe(`streak:${bonus[0]?.userId}:1:7`);
  });

  it('pays each concurrent milestone claim once', async () => {
    const person = await signedInPerson(t);
    await claimOnDays(person, 7);
    const responses = await Promise.all(Array.from({ length: 10 }, () => streakClaim(t, person)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(await profileOf(person)).toMatchObject({ points: 700 + 1000 });
  });

  it('pays 7, 14, 21 and 28 in a run, counts the Daily Streak quest once, then starts a new run', async () => {
    const person = await signedInPerson(t);
    await claimOnDays(person, 28);
    const paid: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await streakClaim(t, person);
      expect(response.statusCode, response.body).toBe(200);
      paid.push(response.json().data.points_earned);
    }
    expect(paid).toEqual([1000, 1500, 3000, 5000]);
    expect(await profileOf(person)).toMatchObject({
      daily_streaks: 28,
      last_claimed_streak_milestone: 28,
      quest_completed: 1,
      points: 28 * 100 + 10_500,
    });

    // The day after a finished run: a new run at 1, even though no day was missed.
    await laterDays(t, person);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    expect(await profileOf(person)).toMatchObject({
      daily_streaks: 1,
      last_claimed_streak_milestone: 0,
    });

    // The second run reaches 7 and pays it again, under its own key.
    await laterDays(t, person);
    await claimOnDays(person, 6);
    expect((await streakClaim(t, person)).statusCode).toBe(200);
    const keys = (await ledgerOf(person))
      .filter((row) => row.transactionType === 'streak_bonus')
      .map((row) => row.idempotencyKey.replace(/^streak:\d+:/, ''));
    expect(keys).toEqual(['1:7', '1:14', '1:21', '1:28', '2:7']);
  });

  it('counts the Daily Streak quest only for the first 28-day milestone ever', async () => {
    const person = await signedInPerson(t);
    await claimOnDays(person, 28);
    for (let i = 0; i < 4; i++) expect((await streakClaim(t, person)).statusCode).toBe(200);
    // Skip ahead: a later run at day 27 with 21 claimed, as 27 more daily claims would leave it.
    await t.database.db
      .update(users)
      .set({ dailyStreaks: 27, lastClaimedStreakMilestone: 21, streakRun: 2 })
      .where(eq(users.username, person.username));
    await laterDays(t, person);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    const second = await streakClaim(t, person);
    expect(second.json().data.points_earned).toBe(5000);
    expect(await profileOf(person)).toMatchObject({ quest_completed: 1 });
  });
});
