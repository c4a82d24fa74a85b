/**
 * The ledger's read models: dashboard stats, the earnings chart, the
 * transaction history and the earnings per cycle. Each answers exactly its
 * documented fields, from the signed-in user's ledger only.
 */
import { describe, expect, it } from 'vitest';
import {
  dashboardStatsSchema,
  dataEnvelope,
  earningRowSchema,
  earningsChartSchema,
  listEnvelope,
  transactionRowSchema,
  type TransactionType,
} from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { creditPoints } from '../../src/modules/ledger/credit-points.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import {
  call,
  completeSpeedtest,
  dailyClaim,
  laterDays,
  measuredSpeedtest,
  renewSession,
  SOMEWHERE,
  userIdOf,
} from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { SPEEDTEST_MIN_INTERVAL_S: '0' } });

const statsEnvelope = dataEnvelope(dashboardStatsSchema.strict()).strict();
const chartEnvelope = dataEnvelope(
  earningsChartSchema.extend({ datasets: earningsChartSchema.shape.datasets.strict() }).strict(),
).strict();
const transactionsEnvelope = listEnvelope(transactionRowSchema.strict()).strict();
const earningsEnvelope = listEnvelope(earningRowSchema.strict()).strict();

const get = async (person: SignedIn, url: string) => {
  const response = await call(t, person, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A credit of a kind no route pays yet (referrals), through the one ledger function. */
async function credit(person: SignedIn, type: TransactionType, points: number, key: string) {
  const userId = await userIdOf(t, person);
  await t.database.db.transaction((tx) =>
    creditPoints(tx, {
      userId,
      type,
      points,
      details: type,
      idempotencyKey: `${key}:${userId}`,
      at: t.clock.now(),
      duplicateMessage: 'duplicate',
    }),
  );
}

async function creditedSpeedtest(person: SignedIn) {
  const testId = await measuredSpeedtest(t, person);
  const response = await completeSpeedtest(t, person, { testId, ...SOMEWHERE });
  expect(response.statusCode, response.body).toBe(200);
}

async function startCycle(name: string) {
  const result = await runAdminCommand(t.database.db, ['season', 'start', name], t.clock.now());
  expect(result.exitCode, result.stderr).toBe(0);
}

describe('GET /dashboard-stats', () => {
  it('sums today, the current cycle and everything, and gives the referral links', async () => {
    const person = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await laterDays(t, person);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await creditedSpeedtest(person);

    const stats = statsEnvelope.parse(await get(person, '/dashboard-stats'));
    const code = (
      await runAdminCommand(t.database.db, ['user', 'show', person.username])
    ).stdout.match(/referral code: (\w+)/)?.[1];
    expect(stats.data).toEqual({
      currentSeason: 'Kilo',
      todayEarnings: 300,
      seasonEarnings: 400,
      totalPoints: 400,
      referralUrl: `http://localhost:8080/register?ref=${code}`,
      twitterUrl: expect.stringMatching(/^https:\/\/twitter\.com\/intent\/tweet\?text=/),
    });
    const tweet = new URL(stats.data.twitterUrl).searchParams.get('text');
    expect(tweet).toContain(stats.data.referralUrl);

    // A new cycle starts from nothing; the total stays.
    await startCycle('Mega');
    const next = statsEnvelope.parse(await get(person, '/dashboard-stats'));
    expect(next.data).toMatchObject({
      currentSeason: 'Mega',
      seasonEarnings: 0,
      totalPoints: 400,
      todayEarnings: 300,
    });
  });

  it('shows nothing of another user', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    expect((await dailyClaim(t, other)).statusCode).toBe(200);
    expect((await get(person, '/dashboard-stats')).data).toMatchObject({
      todayEarnings: 0,
      seasonEarnings: 0,
      totalPoints: 0,
    });
  });
});

describe('GET /dashboard/seasons/chart', () => {
  it('has one YYYY-MM-DD (UTC day) label per day of the cycle so far, and the four series', async () => {
    const person = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await credit(person, 'referral_bonus', 200, 'refbonus');
    await laterDays(t, person, 2);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await creditedSpeedtest(person);
    await credit(person, 'referral_commission', 20, 'commission');

    const chart = chartEnvelope.parse(await get(person, '/dashboard/seasons/chart'));
    expect(chart.data).toEqual({
      labels: ['2026-03-10', '2026-03-11', '2026-03-12'],
      datasets: {
        referralBonus: [200, 0, 0],
        referralEarning: [0, 0, 20],
        questsEarning: [100, 0, 100],
        speedtestEarning: [0, 0, 200],
      },
    });
  });

  it('shows the last 14 days of an older cycle, and only the current cycle', async () => {
    const person = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await laterDays(t, person, 20);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    const chart = (await get(person, '/dashboard/seasons/chart')).data;
    expect(chart.labels).toHaveLength(14);
    expect(chart.labels[0]).toBe('2026-03-17');
    expect(chart.labels.at(-1)).toBe('2026-03-30');
    expect(chart.datasets.questsEarning.at(-1)).toBe(100);

    await startCycle('Mega');
    const fresh = (await get(person, '/dashboard/seasons/chart')).data;
    expect(fresh).toEqual({
      labels: ['2026-03-30'],
      datasets: {
        referralBonus: [0],
        referralEarning: [0],
        questsEarning: [0],
        speedtestEarning: [0],
      },
    });
  });
});

describe('GET /transactions', () => {
  /** Claims on 10, 11 and 12 March, a test on the 12th, then cycle Mega and a claim on the 13th. */
  async function history(person: SignedIn) {
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    for (let day = 0; day < 2; day++) {
      await laterDays(t, person);
      expect((await dailyClaim(t, person)).statusCode).toBe(200);
    }
    await creditedSpeedtest(person);
    await laterDays(t, person);
    await startCycle('Mega');
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
  }

  it('lists the user’s ledger newest first with exactly the row fields and meta', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    await history(person);
    await renewSession(t, other);
    expect((await dailyClaim(t, other)).statusCode).toBe(200);

    const page = transactionsEnvelope.parse(await get(person, '/transactions?pageSize=5'));
    expect(page.meta).toEqual({ current: 1, total_pages: 1, total_results: 5, size: 5 });
    expect(
      page.data.map((row) => [row.transaction_type, row.date_time.slice(0, 10), row.season]),
    ).toEqual([
      ['daily_claim', '2026-03-13', 'Mega'],
      ['speedtest_earning', '2026-03-12', 'Kilo'],
      ['daily_claim', '2026-03-12', 'Kilo'],
      ['daily_claim', '2026-03-11', 'Kilo'],
      ['daily_claim', '2026-03-10', 'Kilo'],
    ]);
    expect(page.data[1]).toMatchObject({ points_earned: 200, details: 'Speedtest' });
    expect(page.data[0]?.transaction_id).toMatch(/^[23456789A-HJKMNP-Z]{16}$/);

    const second = transactionsEnvelope.parse(
      await get(person, '/transactions?pageNumber=2&pageSize=2'),
    );
    expect(second.meta).toEqual({ current: 2, total_pages: 3, total_results: 5, size: 2 });
    expect(second.data.map((row) => row.date_time.slice(0, 10))).toEqual([
      '2026-03-12',
      '2026-03-11',
    ]);
  });

  it('filters by UTC days, both inclusive, and by cycle', async () => {
    const person = await signedInPerson(t);
    await history(person);
    const days = async (query: string) =>
      transactionsEnvelope
        .parse(await get(person, `/transactions?pageSize=100&${query}`))
        .data.map((row) => row.date_time.slice(0, 10));
    expect(await days('startDate=2026-03-11&endDate=2026-03-12')).toEqual([
      '2026-03-12',
      '2026-03-12',
      '2026-03-11',
    ]);
    expect(await days('startDate=2026-03-12')).toEqual(['2026-03-13', '2026-03-12', '2026-03-12']);
    expect(await days('endDate=2026-03-10')).toEqual(['2026-03-10']);
    expect(await days('season=Mega')).toEqual(['2026-03-13']);
    expect(await days('season=Kilo&startDate=2026-03-11&endDate=2026-03-11')).toEqual([
      '2026-03-11',
    ]);
    expect(await days('season=Giga')).toEqual([]);
    expect(await days('season=&startDate=&endDate=')).toHaveLength(5);
  });

  it.each([
    ['pageSize=0', ['pageSize']],
    ['pageSize=1000', ['pageSize']],
    ['startDate=2024-13-01', ['startDate']],
    ['endDate=2024-02-30', ['endDate']],
    ['startDate=10/03/2026', ['startDate']],
    ['season=Foo', ['season']],
    ['startDate=2026-03-12&endDate=2026-03-11', ['endDate']],
    ['pageSize=0&season=Foo', ['pageSize', 'season']],
  ])('refuses %s with 400 and errors for %j', async (query, fields) => {
    const person = await signedInPerson(t);
    const response = await call(t, person, 'GET', `/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, message: 'Validation failed' });
    expect(Object.keys(body.errors).sort()).toEqual(fields);
    for (const messages of Object.values(body.errors)) {
      expect(messages).toEqual([expect.any(String)]);
    }
  });
});

describe('GET /earnings/seasons', () => {
  it('has one row per cycle the user earned in, newest first, with sums from the ledger', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await creditedSpeedtest(person);
    await credit(person, 'referral_bonus', 200, 'refbonus');
    await credit(other, 'referral_bonus', 200, 'refbonus');
    const kiloStart = t.clock.now().toISOString();
    await laterDays(t, person);
    const megaStart = t.clock.now().toISOString();
    await startCycle('Mega');
    await credit(person, 'referral_commission', 20, 'commission');
    await credit(person, 'quest_reward', 1000, 'quest');

    const body = earningsEnvelope.parse(await get(person, '/earnings/seasons'));
    expect(body.data).toEqual([
      {
        season: 'Mega',
        startDate: megaStart,
        endDate: null,
        referralsReward: 0,
        speedtestEarning: 0,
        referralCommission: 20,
        questsEarning: 1000,
        total: 1020,
      },
      {
        season: 'Kilo',
        startDate: kiloStart,
        endDate: megaStart,
        referralsReward: 200,
        speedtestEarning: 200,
        referralCommission: 0,
        questsEarning: 100,
        total: 500,
      },
    ]);
    expect(body.meta).toEqual({ current: 1, total_pages: 1, total_results: 2, size: 2 });
  });

  it('gives a new user no rows, for the no-earnings state', async () => {
    const person = await signedInPerson(t);
    const body = earningsEnvelope.parse(await get(person, '/earnings/seasons'));
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total_results: 0 });
  });
});

describe('GET /constants', () => {
  it('answers the quest rewards and the social links', async () => {
    const person = await signedInPerson(t);
    const body = await get(person, '/constants');
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'STREAK_BONUS_POINTS',
        'REFERRAL_QUEST_POINTS',
        'DISCORD_JOIN_INVITE_URL',
        'TWITTER_JOIN_INVITE_URL',
        'TELEGRAM_JOIN_INVITE_URL',
        'TWITTER_FOUNDER_INVITE_URL',
        'TWITTER_RETWEET_VL_URL',
        'YOUTUBE_SUBSCRIBE_URL',
      ].sort(),
    );
    expect(body.data.STREAK_BONUS_POINTS).toEqual({ 7: 1000, 14: 1500, 21: 3000, 28: 5000 });
    expect(body.data.REFERRAL_QUEST_POINTS).toEqual({
      1: 1000,
      10: 5000,
      20: 10000,
      30: 20000,
      50: 40000,
      99: 75000,
    });
    expect(body.data.DISCORD_JOIN_INVITE_URL).toMatch(/^https:\/\/discord\.gg\//);
  });
});

describe('every read needs a token', () => {
  it.each([
    '/dashboard-stats',
    '/dashboard/seasons/chart',
    '/transactions',
    '/earnings/seasons',
    '/points',
    '/constants',
  ])('%s answers 401 without one', async (url) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/api${url}` });
    expect(response.statusCode).toBe(401);
  });
});
