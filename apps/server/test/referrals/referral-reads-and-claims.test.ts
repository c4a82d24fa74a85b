/**
 * The Referral screen's reads (stats and status, each scoped to the referrer)
 * and the referral milestone claim against the shared rule of spec section 4.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimableReferralMilestone,
  dataEnvelope,
  listEnvelope,
  POINTS_MESSAGES,
  REFERRAL_MILESTONE_NAMES,
  REFERRAL_MILESTONES,
  REFERRAL_QUEST_POINTS,
  referralCampaignSchema,
  referralStatusRowSchema,
} from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { profile } from '../helpers/auth-flow.ts';
import { laterDays } from '../helpers/points.ts';
import {
  creditedTests,
  ledgerOf,
  referralClaim,
  referralCodeOf,
  referralStats,
  referralStatus,
  signedInMember,
  signedInReferee,
  unverifiedReferee,
  BACK_TO_BACK_SPEEDTESTS,
} from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS });

describe('GET /referrals-stats', () => {
  it('counts successful and pending referees, the bonus paid, and gives the links', async () => {
    const referrer = await signedInMember(t);
    const qualified = await signedInReferee(t, referrer);
    await unverifiedReferee(t, referrer);
    await signedInReferee(t, referrer);
    await creditedTests(t, qualified, 15);

    const response = await referralStats(t, referrer);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = dataEnvelope(referralCampaignSchema.strict()).strict().parse(response.json());
    const code = await referralCodeOf(t, referrer);
    expect(data).toEqual({
      successfulReferrals: 1,
      pendingReferrals: 2,
      totalReferralBonus: 200,
      referralUrl: `http://localhost:8080/register?ref=${code}`,
      twitterUrl: expect.stringMatching(/^https:\/\/twitter\.com\/intent\/tweet\?text=/),
    });
    expect(decodeURIComponent(data.twitterUrl)).toContain(data.referralUrl);
  });

  it('answers zeros for a person who referred nobody, and 401 without a session', async () => {
    const loner = await signedInMember(t);
    expect((await referralStats(t, loner)).json().data).toMatchObject({
      successfulReferrals: 0,
      pendingReferrals: 0,
      totalReferralBonus: 0,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/api/referrals-stats' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /referrals-status', () => {
  it('lists the referees newest first with masked emails and their progress', async () => {
    const referrer = await signedInMember(t);
    const first = await signedInReferee(t, referrer);
    t.clock.advance(60_000);
    const second = await unverifiedReferee(t, referrer);
    await creditedTests(t, first, 3);

    const response = await referralStatus(t, referrer, '?pageNumber=1&pageSize=5');
    expect(response.statusCode, response.body).toBe(200);
    const body = listEnvelope(referralStatusRowSchema.strict()).strict().parse(response.json());
    expect(body.meta).toEqual({ current: 1, total_pages: 1, total_results: 2, size: 5 });
    expect(body.data).toEqual([
      {
        id: second.id,
        username: second.username,
        email: `${second.email[0]}***@example.com`,
        register_on: expect.any(String),
        referral_status: 'pending',
        tests_completed: 0,
        tests_required: 15,
        email_verified: false,
      },
      {
        id: first.id,
        username: first.username,
        email: `${first.email[0]}***@example.com`,
        register_on: expect.any(String),
        referral_status: 'pending',
        tests_completed: 3,
        tests_required: 15,
        email_verified: true,
      },
    ]);
    expect(response.body).not.toContain(first.email);
    expect(response.body).not.toContain(second.email);
  });

  it("never shows another referrer's referees", async () => {
    const referrer = await signedInMember(t);
    const other = await signedInMember(t);
    await signedInReferee(t, referrer);
    const othersView = await referralStatus(t, other);
    expect(othersView.json().data).toEqual([]);
    expect(othersView.json().meta.total_results).toBe(0);
    expect((await referralStats(t, other)).json().data.pendingReferrals).toBe(0);
  });

  it('filters by the registration UTC day, both ends inclusive, and pages', async () => {
    const referrer = await signedInMember(t); // 2026-03-10
    await unverifiedReferee(t, referrer);
    await laterDays(t, referrer, 2); // 2026-03-12
    const later = await unverifiedReferee(t, referrer);
    await unverifiedReferee(t, referrer);

    const onlyTwelfth = await referralStatus(
      t,
      referrer,
      '?startDate=2026-03-12&endDate=2026-03-12',
    );
    expect(onlyTwelfth.json().meta.total_results).toBe(2);
    const pageTwo = await referralStatus(
      t,
      referrer,
      '?startDate=2026-03-11&endDate=2026-03-12&pageNumber=2&pageSize=1',
    );
    expect(pageTwo.json().data.map((row: { id: number }) => row.id)).toEqual([later.id]);
    expect(pageTwo.json().meta).toEqual({ current: 2, total_pages: 2, total_results: 2, size: 1 });
    const before = await referralStatus(t, referrer, '?endDate=2026-03-09');
    expect(before.json().data).toEqual([]);
    const empty = await referralStatus(t, referrer, '?startDate=&endDate=');
    expect(empty.json().meta.total_results).toBe(3);
  });

  it('answers 400 with a message per field for bad filters', async () => {
    const referrer = await signedInMember(t);
    const response = await referralStatus(
      t,
      referrer,
      '?startDate=2026-02-30&endDate=yesterday&pageSize=0',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      errors: {
        startDate: ['startDate must be a date as YYYY-MM-DD'],
        endDate: ['endDate must be a date as YYYY-MM-DD'],
        pageSize: [expect.stringContaining('pageSize')],
      },
    });
  });
});

describe('POST /claim-referral-points', () => {
  async function setMilestoneState(userId: number, successful: number, lastClaimed: number) {
    // A fresh start for each pair: no ledger, no points, no quests.
    await t.database.db.delete(pointTransactions).where(eq(pointTransactions.userId, userId));
    await t.database.db
      .update(users)
      .set({
        points: 0,
        questCompleted: 0,
        successfulReferrals: successful,
        lastClaimedReferralMilestone: lastClaimed,
      })
      .where(eq(users.id, userId));
  }

  it('pays exactly what the shared rule allows for every state', async () => {
    const member = await signedInMember(t);
    const lastClaimedValues = [0, ...REFERRAL_MILESTONES];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 130 }),
        fc.constantFrom(...lastClaimedValues),
        async (successful, lastClaimed) => {
          await setMilestoneState(member.id, successful, lastClaimed);
          const expected = claimableReferralMilestone(successful, lastClaimed);
          const response = await referralClaim(t, member);
          const after = (await profile(t, member.accessToken)).json().data;
          if (expected === null) {
            expect(response.statusCode).toBe(409);
            expect(response.json().message).toBe(POINTS_MESSAGES.noReferralMilestone);
            expect(after).toMatchObject({
              points: 0,
              quest_completed: 0,
              last_claimed_referral_milestone: lastClaimed,
            });
          } else {
            expect(response.statusCode, response.body).toBe(200);
            expect(response.json().data.points_earned).toBe(REFERRAL_QUEST_POINTS[expected]);
            expect(after).toMatchObject({
              points: REFERRAL_QUEST_POINTS[expected],
              quest_completed: 1,
              last_claimed_referral_milestone: expected,
            });
            const [row] = await ledgerOf(t, member.id);
            expect(row).toMatchObject({
              transactionType: 'referral_quest',
              details: `Referral Quest: ${REFERRAL_MILESTONE_NAMES[expected]}`,
            });
          }
        },
      ),
      {
        numRuns: 60,
        examples: [
          [0, 0],
          [1, 0],
          [1, 1],
          [10, 1],
          [9, 1],
          [99, 50],
          [130, 99],
          [50, 10],
        ],
      },
    );
  });

  it('pays one of 20 concurrent claims of the same milestone', async () => {
    const member = await signedInMember(t);
    await setMilestoneState(member.id, 1, 0);
    const responses = await Promise.all(Array.from({ length: 20 }, () => referralClaim(t, member)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(409)]);
    expect((await profile(t, member.accessToken)).json().data.points).toBe(1000);
  });

  it('lets a referrer claim Rookie after a real referral succeeds, then nothing more', async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    expect((await referralClaim(t, referrer)).statusCode).toBe(409);
    await creditedTests(t, referee, 15);
    const claimed = await referralClaim(t, referrer);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().message).toBe(POINTS_MESSAGES.referralClaimed);
    expect((await referralClaim(t, referrer)).statusCode).toBe(409);
    expect((await profile(t, referrer.accessToken)).json().data).toMatchObject({
      points: 200 + 1000,
      successful_referrals: 1,
      last_claimed_referral_milestone: 1,
    });
  });
});
