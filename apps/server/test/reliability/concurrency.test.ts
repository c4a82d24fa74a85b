/**
 * 100 identical requests at once, for every action that must happen once
 * (docs/ARCHITECTURE.md section 5): exactly one succeeds, the others get the
 * documented answer, and the ledger invariant holds (useTestApp checks it after
 * each test). These matter on PostgreSQL, where the requests really run in
 * parallel on a pool of connections: the PostgreSQL pass of .ci/run
 * (TEST_DATABASE_URL set) runs them there; on PGlite they run one at a time.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { REFERRAL_BONUS_POINTS, SERVER_MESSAGES } from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { refreshFamilies, refreshTokens, users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import errorHandler from '../../src/plugins/error-handler.ts';
import { AUTH, refresh, refreshCookieOf, signedInPerson } from '../helpers/auth-flow.ts';
import { mailsOf, RESET_LINK, tokenIn, VERIFY_LINK, waitForLinkToken } from '../helpers/mail.ts';
import {
  completeSpeedtest,
  dailyClaim,
  measuredSpeedtest,
  streakClaim,
  userIdOf,
} from '../helpers/points.ts';
import { claimQuest, connectDiscord, useStandIns, verifyQuest } from '../helpers/quests.ts';
import {
  creditedTests,
  ledgerOf,
  referralClaim,
  signedInMember,
  signedInReferee,
  unverifiedReferee,
} from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';

// PGlite has one connection, so there the requests queue anyway: fewer prove as much.
const TIMES = onPostgres ? 100 : 20;
const databaseName = onPostgres ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite';

const env: Record<string, string> = {
  // The per-address limits would answer most of the 100 with 429 before the rule under test.
  RATE_LIMIT_DISABLED: 'true',
  SPEEDTEST_MIN_INTERVAL_S: '0',
  SPEEDTEST_DAILY_LIMIT: '100',
};
const platforms = useStandIns(env);

const t = useTestApp({ env });

async function hundredTimes(
  send: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: TIMES }, send));
}

/** One 200 and 99 of `loserStatus`, each loser in the error envelope. */
function expectOneWinner(responses: LightMyRequestResponse[], loserStatus: number) {
  const statuses = responses.map((response) => response.statusCode);
  expect(
    statuses.filter((status) => status === 200),
    statuses.join(','),
  ).toHaveLength(1);
  expect(statuses.filter((status) => status === loserStatus)).toHaveLength(TIMES - 1);
  for (const loser of responses.filter((response) => response.statusCode !== 200)) {
    expect(loser.json()).toMatchObject({ success: false, message: expect.any(String) });
  }
}

async function ledgerRows(userId: number, type: string) {
  return (await ledgerOf(t, userId)).filter((row) => row.transactionType === type);
}

describe(`${TIMES} concurrent identical requests on ${databaseName}`, () => {
  it('daily claim: one credit, the rest 409', async () => {
    const member = await signedInMember(t);
    expectOneWinner(await hundredTimes(() => dailyClaim(t, member)), 409);
    expect(await ledgerRows(member.id, 'daily_claim')).toHaveLength(1);
  });

  it('streak claim: the 7-day milestone once, the rest 409', async () => {
    const member = await signedInMember(t);
    const restored = await runAdminCommand(t.database.db, ['user', 'streak', member.username, '7']);
    expect(restored.exitCode, restored.stderr).toBe(0);
    expectOneWinner(await hundredTimes(() => streakClaim(t, member)), 409);
    expect(await ledgerRows(member.id, 'streak_bonus')).toHaveLength(1);
  });

  it('referral milestone claim: Rookie once, the rest 409', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    await creditedTests(t, referee, 15);
    expectOneWinner(await hundredTimes(() => referralClaim(t, referrer)), 409);
    expect(await ledgerRows(referrer.id, 'referral_quest')).toHaveLength(1);
  });

  it('social quest claim: the Discord join reward once, the rest 409', async () => {
    const member = await signedInMember(t);
    const discord = await connectDiscord(t, member, platforms.standIns);
    discord.member = { nick: null };
    expect((await verifyQuest(t, member, 'discordJoin')).statusCode).toBe(200);
    expectOneWinner(await hundredTimes(() => claimQuest(t, member, 'discordJoin')), 409);
    expect(await ledgerRows(member.id, 'quest_reward')).toHaveLength(1);
  });

  it('speed test completion: credited once, the rest 409', async () => {
    const member = await signedInMember(t);
    const testId = await measuredSpeedtest(t, member);
    expectOneWinner(await hundredTimes(() => completeSpeedtest(t, member, { testId })), 409);
    expect(await ledgerRows(member.id, 'speedtest_earning')).toHaveLength(1);
  });

  it('referral qualification: the 15th test completed 100 times pays the bonus once', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    await creditedTests(t, referee, 14);
    const testId = await measuredSpeedtest(t, referee);
    expectOneWinner(await hundredTimes(() => completeSpeedtest(t, referee, { testId })), 409);
    const bonuses = await ledgerRows(referrer.id, 'referral_bonus');
    expect(bonuses.map((row) => row.pointsEarned)).toEqual([REFERRAL_BONUS_POINTS]);
    const [row] = await t.database.db
      .select({ successfulReferrals: users.successfulReferrals })
      .from(users)
      .where(eq(users.id, referrer.id));
    expect(row?.successfulReferrals).toBe(1);
  });

  it('email verification: one link used once (the rest 409, already verified), the referral bonus paid once', async () => {
    const referrer = await signedInMember(t);
    const referee = await unverifiedReferee(t, referrer);
    // The 15 tests come first, so it is the verification that qualifies the referral.
    await creditedTests(t, referee, 15);
    const mail = mailsOf(t).findLast((m) => m.to === referee.email);
    const token = tokenIn(mail!, VERIFY_LINK);
    const responses = await hundredTimes(() =>
      t.app.inject({ method: 'GET', url: `${AUTH}/verify-email/${token}` }),
    );
    expectOneWinner(responses, 409);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(
      SERVER_MESSAGES.emailAlreadyVerified,
    );
    expect(await ledgerRows(referrer.id, 'referral_bonus')).toHaveLength(1);
  });

  it('password reset: one link sets the password once, the rest 400', async () => {
    const person = await signedInPerson(t);
    const mailsBefore = t.mails().length;
    const forgot = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/forgot-password`,
      payload: { email: person.email },
    });
    expect(forgot.statusCode).toBe(200);
    const token = await waitForLinkToken(t, RESET_LINK, mailsBefore);
    const responses = await hundredTimes(() =>
      t.app.inject({
        method: 'POST',
        url: `${AUTH}/reset-password`,
        payload: { token, newPassword: 'a brand new one' },
      }),
    );
    expectOneWinner(responses, 400);
    expect(responses.find((r) => r.statusCode === 400)?.json().message).toBe(
      SERVER_MESSAGES.resetTokenInvalid,
    );
  });

  it('refresh: the cookie rotates once; the others, inside the grace window, get an access token and no cookie', async () => {
    const person = await signedInPerson(t);
    const responses = await hundredTimes(() => refresh(t, person.refreshToken));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(TIMES).fill(200));
    expect(responses.filter((r) => refreshCookieOf(r))).toHaveLength(1);
    const userId = await userIdOf(t, person);
    const [tokens] = await t.database.db
      .select({ issued: sql<number>`count(*)`.mapWith(Number) })
      .from(refreshTokens)
      .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
      .where(eq(refreshFamilies.userId, userId));
    // The login's token and the one rotation.
    expect(tokens?.issued).toBe(2);
  });
});

describe.runIf(onPostgres)(`the transaction helper on ${databaseName}`, () => {
  it('retries the loser of a real deadlock, so both transactions commit', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    // Each transaction locks one row, waits until the other has locked the other
    // row, then asks for it: PostgreSQL aborts one with 40P01 and the helper
    // runs it again.
    let locked = 0;
    const bothLocked = () =>
      new Promise<void>((resolve) => {
        locked += 1;
        const check = () => (locked >= 2 ? resolve() : setTimeout(check, 5));
        check();
      });
    let attempts = 0;
    const crossUpdate = (first: number, second: number) =>
      inTransaction(t.database.db, async (tx) => {
        attempts += 1;
        await tx
          .update(users)
          .set({ dailyStreaks: sql`${users.dailyStreaks} + 1` })
          .where(eq(users.id, first));
        if (attempts <= 2) await bothLocked();
        await tx
          .update(users)
          .set({ dailyStreaks: sql`${users.dailyStreaks} + 1` })
          .where(eq(users.id, second));
      });
    await Promise.all([crossUpdate(a.id, b.id), crossUpdate(b.id, a.id)]);
    expect(attempts).toBe(3);
    const rows = await t.database.db
      .select({ streak: users.dailyStreaks })
      .from(users)
      .where(inArray(users.id, [a.id, b.id]));
    expect(rows.map((row) => row.streak)).toEqual([2, 2]);
  });
});

describe(`database errors on ${databaseName}`, () => {
  it('a unique violation that reaches the error handler answers 409 in the envelope', async () => {
    const member = await signedInMember(t);
    expect((await dailyClaim(t, member)).statusCode).toBe(200);
    const [credit] = await ledgerRows(member.id, 'daily_claim');
    const { id: _id, ...duplicate } = credit!;
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    // The same idempotency key again, inserted without ON CONFLICT: a real 23505 from the driver.
    app.post('/duplicate', () =>
      inTransaction(t.database.db, async (tx) => {
        await tx.insert(pointTransactions).values({ ...duplicate, transactionId: 'dup' });
      }),
    );
    const response = await app.inject({ method: 'POST', url: '/duplicate' });
    await app.close();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
  });
});
