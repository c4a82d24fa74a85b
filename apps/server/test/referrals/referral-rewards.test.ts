/**
 * What referees pay their referrer (docs/ARCHITECTURE.md section 5): the 200-Bytes
 * bonus once the referee is verified and has 15 credited tests, in either
 * order and however concurrent, and 10 % of each later test.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_BONUS_POINTS, REFERRAL_QUEST_POINTS, referralCommission } from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { notifications } from '../../src/db/tables/notifications-tables.ts';
import { completeSpeedtest, measuredSpeedtest, SOMEWHERE } from '../helpers/points.ts';
import {
  creditedTests,
  ledgerOf,
  referralStatus,
  referralStats,
  signedInMember,
  signedInReferee,
  unverifiedReferee,
  verifyByMail,
  BACK_TO_BACK_SPEEDTESTS,
} from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS });

/** The referrer's notices (issue 30), oldest first. */
const noticesOf = async (userId: number) =>
  t.database.db
    .select({ type: notifications.type, params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

/** What a first referral that qualified tells its referrer: the bonus, and milestone 1 reached. */
const firstQualified = (referee: string) => [
  {
    type: 'referral_qualified',
    params: { referee, bonus: REFERRAL_BONUS_POINTS },
    link: '/referral',
  },
  {
    type: 'referral_milestone',
    params: { referrals: 1, reward: REFERRAL_QUEST_POINTS[1] },
    link: '/referral',
  },
];

const bonusesOf = async (userId: number) =>
  (await ledgerOf(t, userId)).filter((row) => row.transactionType === 'referral_bonus');

describe('referral bonus', () => {
  it('pays 200 once when the 15 tests come before the verification', async () => {
    const referrer = await signedInMember(t);
    const referee = await unverifiedReferee(t, referrer);

    await creditedTests(t, referee, 15);
    expect(await bonusesOf(referrer.id)).toEqual([]);
    const pending = (await referralStatus(t, referrer)).json().data[0];
    expect(pending).toMatchObject({
      referral_status: 'pending',
      tests_completed: 15,
      email_verified: false,
    });

    await verifyByMail(t, referee);
    const bonuses = await bonusesOf(referrer.id);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({
      pointsEarned: REFERRAL_BONUS_POINTS,
      details: `Referral bonus: ${referee.username}`,
    });
    expect((await referralStatus(t, referrer)).json().data[0]).toMatchObject({
      referral_status: 'success',
      email_verified: true,
    });

    // More tests and a second verification link pay no second bonus.
    await creditedTests(t, referee, 2);
    expect(await bonusesOf(referrer.id)).toHaveLength(1);
    // Told once, with the bonus paid (the milestone is told by the completions' path only).
    expect(await noticesOf(referrer.id)).toEqual(firstQualified(referee.username).slice(0, 1));
  });

  it('pays 200 once, on the 15th test, when the verification comes first', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);

    await creditedTests(t, referee, 14);
    expect(await bonusesOf(referrer.id)).toEqual([]);
    expect((await referralStatus(t, referrer)).json().data[0]).toMatchObject({
      referral_status: 'pending',
      tests_completed: 14,
      tests_required: 15,
      email_verified: true,
    });

    expect(await noticesOf(referrer.id)).toEqual([]);
    await creditedTests(t, referee, 1);
    expect(await bonusesOf(referrer.id)).toHaveLength(1);
    await creditedTests(t, referee, 2);
    expect(await noticesOf(referrer.id)).toEqual(firstQualified(referee.username));
    const stats = (await referralStats(t, referrer)).json().data;
    expect(stats).toMatchObject({
      successfulReferrals: 1,
      pendingReferrals: 0,
      totalReferralBonus: REFERRAL_BONUS_POINTS,
    });
  });

  it('pays once when the 15th test is verified by the admin CLI', async () => {
    const referrer = await signedInMember(t);
    const referee = await unverifiedReferee(t, referrer);
    await creditedTests(t, referee, 15);
    const verified = await runAdminCommand(t.database.db, ['user', 'verify', referee.username]);
    expect(verified.exitCode).toBe(0);
    expect(await bonusesOf(referrer.id)).toHaveLength(1);
  });

  it('pays once out of 20 concurrent completions around the 15th test', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    await creditedTests(t, referee, 10);

    const testIds: string[] = [];
    for (let i = 0; i < 20; i += 1) testIds.push(await measuredSpeedtest(t, referee));
    const responses = await Promise.all(
      testIds.map((testId) => completeSpeedtest(t, referee, { testId })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    expect(await bonusesOf(referrer.id)).toHaveLength(1);
    const [referrerRow] = await t.database.db
      .select({ successfulReferrals: users.successfulReferrals })
      .from(users)
      .where(eq(users.id, referrer.id));
    expect(referrerRow?.successfulReferrals).toBe(1);
    // Tests 16 to 30 each paid a commission; the 15th paid the bonus instead.
    const commissions = (await ledgerOf(t, referrer.id)).filter(
      (row) => row.transactionType === 'referral_commission',
    );
    expect(commissions).toHaveLength(15);
    expect(await noticesOf(referrer.id)).toEqual(firstQualified(referee.username));
  });

  it('pays once when the verification and the 15th test arrive together', async () => {
    const referrer = await signedInMember(t);
    const referees = [];
    for (let i = 0; i < 5; i += 1) referees.push(await unverifiedReferee(t, referrer));
    await Promise.all(
      referees.map(async (referee, i) => {
        // An address each, to stay under the per-address rate limit.
        const remoteAddress = `10.1.0.${i + 1}`;
        await creditedTests(t, referee, 14, { remoteAddress });
        const testId = await measuredSpeedtest(t, referee, remoteAddress);
        await Promise.all([
          verifyByMail(t, referee),
          completeSpeedtest(t, referee, { testId }, remoteAddress).then((r) =>
            expect(r.statusCode).toBe(200),
          ),
        ]);
      }),
    );
    expect(await bonusesOf(referrer.id)).toHaveLength(5);
    expect((await referralStats(t, referrer)).json().data).toMatchObject({
      successfulReferrals: 5,
      pendingReferrals: 0,
    });
  });

  it('pays no bonus for tests of a person nobody referred', async () => {
    const invited = await signedInMember(t);
    await creditedTests(t, invited, 16);
    const rows = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.transactionType, 'referral_bonus'));
    expect(rows).toEqual([]);
  });
});

describe('referral commission', () => {
  it('pays the referrer 10 % of each test credited after the referral succeeded', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    await creditedTests(t, referee, 15);
    expect(await bonusesOf(referrer.id)).toHaveLength(1);

    // Tests of different worth: with and without a location, with an Elite Role boost.
    await creditedTests(t, referee, 1, { location: SOMEWHERE });
    await creditedTests(t, referee, 1);
    await runAdminCommand(t.database.db, ['user', 'boost', referee.username, '1.75']);
    await creditedTests(t, referee, 1, { location: SOMEWHERE });
    await creditedTests(t, referee, 1, { remoteAddress: '10.0.0.9' });

    const refereeTests = (await ledgerOf(t, referee.id))
      .filter((row) => row.transactionType === 'speedtest_earning')
      .slice(15)
      .map((row) => row.pointsEarned);
    expect(refereeTests).toEqual([200, 100, 350, 175]);
    const commissions = (await ledgerOf(t, referrer.id))
      .filter((row) => row.transactionType === 'referral_commission')
      .map((row) => ({ points: row.pointsEarned, details: row.details }));
    expect(commissions).toEqual(
      refereeTests.map((points) => ({
        points: referralCommission(points),
        details: `Referral commission: ${referee.username}`,
      })),
    );
    expect(commissions.map((c) => c.points)).toEqual([20, 10, 35, 17]);
  });

  it('pays no commission to anyone before the referral succeeded', async () => {
    const referrer = await signedInMember(t);
    const referee = await unverifiedReferee(t, referrer);
    await creditedTests(t, referee, 20);
    const paid = await t.database.db
      .select()
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.userId, referrer.id),
          eq(pointTransactions.transactionType, 'referral_commission'),
        ),
      );
    expect(paid).toEqual([]);
  });
});
