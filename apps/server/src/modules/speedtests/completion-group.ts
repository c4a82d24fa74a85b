/**
 * The speed-test completions in flight, written in groups (db/grouped-write.ts,
 * docs/decisions/020): one transaction locks the group's users and their
 * referrers (ids ascending, one statement), then the tests' addresses (advisory
 * locks, in a fixed order), reads the state those locks guard, judges each
 * completion by the rules in arrival order over the state the completions
 * before it left, and writes the credited ones set-based: the tests' rows in
 * one statement, the credits (the tests', the referrers' commissions and
 * bonuses) and the users' counters in one more (creditGroup). Two completions
 * of one person in one group are judged exactly as one after the other: the
 * second sees the first's credit toward the daily limit, and of two accounts
 * completing from one new address the second is slashed. The ledger's
 * idempotency keys are the backstop should two completions ever slip past the
 * locks. The group is made once, as the app starts, and decorated as
 * `app.completions`; a completion joins it in completeSpeedtest
 * (speedtest-service.ts).
 */
import {
  POINTS_MESSAGES,
  SPEEDTEST_DETAILS,
  speedtestPoints,
  startOfUtcDay,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../../db/client.ts';
import { accepted, GroupedWrite, refused, type MemberOutcome } from '../../db/grouped-write.ts';
import type { CoarseLocation } from '../../lib/coarse-location.ts';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { creditGroup, type GroupCredit } from '../ledger/index.ts';
import { nodesOfCompletedTests } from '../nodes/index.ts';
import { type NewNotice, notify } from '../notifications/index.ts';
import { referralQualifiedNotices, referrerRewardForTest } from '../referrals/index.ts';
import { SPEEDTEST_POLICY } from './speedtest-policy.ts';
import {
  completeTests,
  completionChanges,
  lockCompletionGroup,
  type CompletionState,
  type CompletionUser,
  type SpeedtestRow,
  type TestCompletion,
} from './speedtests-repository.ts';

/** One completion asked for: whose, which test, where, when, and the daily limit then in force. */
export interface CompletionRequest {
  userId: number;
  testId: string;
  /**
   * The coarse place of the request's coordinates, worked out before the group's transaction;
   * null when the request came without coordinates, which halves the test's points.
   */
  place: CoarseLocation | null;
  at: Date;
  dailyLimit: number;
}

/** A credited test: its completed row and its node's name (null for a test of no node). */
export interface CompletedTest {
  row: SpeedtestRow;
  nodeName: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The speed-test completions' write group (modules/speedtests/completion-group.ts). */
    completions: GroupedWrite<CompletionRequest, CompletedTest>;
  }
}

/**
 * Makes the completions' write group with the app's window, and closes it with
 * the app: a member answers the completed test, or the error a single
 * completion would have met.
 */
export const completionGroup = fp(
  async (app: FastifyInstance) => {
    const group = new GroupedWrite(app.db, writeCompletions, {
      windowMs: app.config.WRITE_GROUP_WINDOW_MS,
    });
    app.decorate('completions', group);
    app.addHook('onClose', () => group.close());
  },
  { name: 'completion-group' },
);

/** A direction counts when the server ran it to its end and moved at least one byte. */
function isMeasured(doneAt: Date | null, bytes: number | null, elapsedUs: number | null): boolean {
  return doneAt !== null && (bytes ?? 0) > 0 && (elapsedUs ?? 0) > 0;
}

/** A test the group credits, with what the later members' rules look at. */
interface Credited extends TestCompletion {
  member: number;
  userId: number;
  ipAddress: string;
  nodeId: string | null;
}

/**
 * Writes a group of completions. Each member is refused with the error a
 * single completion would meet, or credited; refusals are answered and the
 * credited ones commit together.
 */
async function writeCompletions(
  tx: Transaction,
  requests: CompletionRequest[],
): Promise<MemberOutcome<CompletedTest>[]> {
  const { users, states } = await lockCompletionGroup(
    tx,
    requests.map((request) => ({
      testId: request.testId,
      userId: request.userId,
      dayStart: startOfUtcDay(request.at),
      sharedIpSince: sharedIpSince(request.at),
    })),
  );
  const outcomes = new Array<MemberOutcome<CompletedTest>>(requests.length);
  const credited: Credited[] = [];
  const credits: GroupCredit[] = [];
  const notices: NewNotice[] = [];
  requests.forEach((request, member) => {
    const judged = judge(request, users.get(request.userId), states[member], credited);
    if (!judged.ok) {
      outcomes[member] = refused(judged.error);
      return;
    }
    const { user, test } = judged;
    credited.push({ ...test, member, userId: request.userId });
    const lessEarned = lessEarnedNotice(request.userId, test);
    if (lessEarned) notices.push(lessEarned);
    credits.push({
      member,
      userId: request.userId,
      type: 'speedtest_earning',
      points: test.points,
      details: SPEEDTEST_DETAILS,
      idempotencyKey: `speedtest:${test.testId}`,
      at: request.at,
      duplicateMessage: POINTS_MESSAGES.speedtestAlreadyCompleted,
    });
    // The member's own row counts the test before its referrer is judged on it.
    user.creditedTests += 1;
    const reward = referrerRewardForTest(
      user,
      { refereeId: request.userId, testId: test.testId, points: test.points },
      request.at,
    );
    if (reward) {
      credits.push({ ...reward.credit, member });
      if (reward.qualifies) {
        user.referralQualifiedAt = request.at;
        const referrer = users.get(reward.credit.userId);
        if (referrer) referrer.successfulReferrals += 1;
        notices.push(
          ...referralQualifiedNotices(
            request.userId,
            user.username,
            reward.credit,
            referrer?.successfulReferrals ?? null,
          ),
        );
      }
    }
  });
  if (credited.length === 0) return outcomes;
  const rows = await completeTests(tx, credited);
  if (rows.size !== credited.length) {
    throw new Error(`a group completed ${rows.size} of its ${credited.length} credited tests`);
  }
  await creditGroup(tx, credits, completionChanges(users));
  await notify(tx, notices);
  const nodeNames = await nodesOfCompletedTests(
    tx,
    credited.map((test) => ({ nodeId: test.nodeId, at: test.completedAt })),
  );
  for (const test of credited) {
    const row = rows.get(test.testId) as SpeedtestRow;
    const nodeName = row.nodeId === null ? null : (nodeNames.get(row.nodeId) ?? null);
    outcomes[test.member] = accepted({ row, nodeName });
  }
  return outcomes;
}

/**
 * What a credited test that missed the unique-IP or the location boost tells its owner: the
 * Bytes it earned and which boost it missed (the receipt's reason, written when read).
 */
function lessEarnedNotice(
  userId: number,
  test: Omit<Credited, 'member' | 'userId'>,
): NewNotice | null {
  if (!test.isIpSlashing && !test.isLocationSlashing) return null;
  const missed =
    test.isIpSlashing && test.isLocationSlashing
      ? 'both'
      : test.isIpSlashing
        ? 'unique_ip'
        : 'location';
  return {
    userId,
    type: 'test_refused',
    params: { at: test.completedAt.toISOString(), bytes: test.points, missed },
    link: '/nodes',
    dedupeKey: `test_refused:${test.testId}`,
  };
}

/** Since when another account's completion from the address makes it shared. */
const sharedIpSince = (at: Date) => new Date(at.getTime() - SPEEDTEST_POLICY.sharedIpWindowMs);

type Judged =
  | {
      ok: true;
      user: CompletionUser;
      test: Omit<Credited, 'member' | 'userId'>;
    }
  | { ok: false; error: unknown };

/**
 * Judges one completion by the rules (docs/ARCHITECTURE.md section 5), in the order
 * a single completion checks them, over what was committed before the group
 * (`state`) and the tests the group credited before it (`before`).
 */
function judge(
  request: CompletionRequest,
  user: CompletionUser | undefined,
  state: CompletionState | undefined,
  before: Credited[],
): Judged {
  if (!user || !state) return { ok: false, error: new Error(`no user ${request.userId}`) };
  const { test } = state;
  if (!test) return { ok: false, error: notFound(POINTS_MESSAGES.speedtestUnknown) };
  if (test.completedAt || before.some((credited) => credited.testId === test.id)) {
    return { ok: false, error: conflict(POINTS_MESSAGES.speedtestAlreadyCompleted) };
  }
  const at = request.at.getTime();
  if (at - test.openedAt.getTime() > SPEEDTEST_POLICY.completionWindowMs) {
    return { ok: false, error: conflict(POINTS_MESSAGES.speedtestExpired) };
  }
  const measured =
    isMeasured(test.downloadDoneAt, test.downloadBytes, test.downloadElapsedUs) &&
    isMeasured(test.uploadDoneAt, test.uploadBytes, test.uploadElapsedUs);
  if (!measured) return { ok: false, error: conflict(POINTS_MESSAGES.speedtestNotMeasured) };

  const dayStart = startOfUtcDay(request.at).getTime();
  const creditedToday =
    state.creditedToday +
    before.filter(
      (credited) =>
        credited.userId === request.userId && credited.completedAt.getTime() >= dayStart,
    ).length;
  if (creditedToday >= request.dailyLimit) {
    return { ok: false, error: tooManyRequests(POINTS_MESSAGES.dailyLimitReached) };
  }
  const since = sharedIpSince(request.at).getTime();
  const isIpSlashing =
    state.ipShared ||
    before.some(
      (credited) =>
        credited.ipAddress === test.ipAddress &&
        credited.userId !== request.userId &&
        credited.completedAt.getTime() > since,
    );
  const isLocationSlashing = request.place === null;
  const points = speedtestPoints({
    is_ip_slashing: isIpSlashing,
    is_location_slashing: isLocationSlashing,
    additional_boost: user.additionalBoost,
  });
  return {
    ok: true,
    user,
    test: {
      testId: test.id,
      completedAt: request.at,
      locationCell: request.place?.locationCell ?? null,
      country: request.place?.country ?? null,
      isLocationSlashing,
      additionalBoost: user.additionalBoost,
      isIpSlashing,
      points,
      ipAddress: test.ipAddress,
      nodeId: test.nodeId,
    },
  };
}
