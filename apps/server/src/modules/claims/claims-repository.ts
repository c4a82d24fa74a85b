import { and, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import type { GroupUserChanges, UserChanges } from '../ledger/index.ts';
import {
  changeQuestProgress,
  DAILY_STREAK_QUEST,
  ONE_MORE_QUEST_COMPLETED,
  questProgressOf,
} from '../quest-progress/index.ts';
import type { StreakState } from './streak.ts';
import { arrayLiteral, preparedStatement } from '../../db/sql-kit.ts';

/**
 * The user's claim state, with the row locked until the transaction ends: a
 * user's claims then run one after another, each seeing the one before.
 */
export async function lockClaimState(tx: Transaction, userId: number) {
  const [state] = await lockClaimStateStatement(tx, { userId });
  if (!state) throw new Error(`no user ${userId}`);
  return state;
}

const lockClaimStateStatement = preparedStatement<{ userId: number }, StreakState[]>(
  'lock_claim_state',
  (db) =>
    db
      .select({
        dailyStreaks: users.dailyStreaks,
        lastClaimedAt: users.lastClaimedAt,
        lastClaimedStreakMilestone: users.lastClaimedStreakMilestone,
        streakRun: users.streakRun,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .for('update'),
);

/**
 * The claim states of the users, by id, their rows locked until the transaction
 * ends, in ascending id order: a group of claims locks its users in the same
 * order as every other group, so two groups never deadlock each other. An
 * unknown id has no state.
 */
export async function lockClaimStates(
  tx: Transaction,
  userIds: number[],
): Promise<Map<number, StreakState>> {
  const rows = await lockClaimStatesStatement(tx, { userIds: arrayLiteral(userIds) });
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}

const lockClaimStatesStatement = preparedStatement<
  { userIds: string },
  (StreakState & { id: number })[]
>('lock_claim_states', (db) =>
  db
    .select({
      id: users.id,
      dailyStreaks: users.dailyStreaks,
      lastClaimedAt: users.lastClaimedAt,
      lastClaimedStreakMilestone: users.lastClaimedStreakMilestone,
      streakRun: users.streakRun,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('userIds')}::int[])`)
    .orderBy(users.id)
    .for('update'),
);

/**
 * The claimed users' rows after a group of daily claims (their claim state as
 * the group left it), written with the group's credits.
 */
export function dailyClaimChanges(
  statesAfter: Map<number, StreakState>,
): GroupUserChanges<keyof StreakState> {
  const stateOf = (userId: number) => {
    const state = statesAfter.get(userId);
    if (!state) throw new Error(`no claim state of user ${userId}`);
    return state;
  };
  return {
    dailyStreaks: { type: 'int', of: (userId) => stateOf(userId).dailyStreaks },
    lastClaimedAt: { type: 'timestamptz', of: (userId) => stateOf(userId).lastClaimedAt },
    lastClaimedStreakMilestone: {
      type: 'int',
      of: (userId) => stateOf(userId).lastClaimedStreakMilestone,
    },
    streakRun: { type: 'int', of: (userId) => stateOf(userId).streakRun },
  };
}

/**
 * The user's row after a paid streak milestone, written with its credit;
 * `completesQuest` also counts the Daily Streak quest.
 */
export function streakMilestoneChanges(milestone: number, completesQuest: boolean): UserChanges {
  return {
    lastClaimedStreakMilestone: milestone,
    ...(completesQuest ? ONE_MORE_QUEST_COMPLETED : {}),
  };
}

/** Whether the Daily Streak quest was counted already (read only at a 28-day milestone). */
export async function isDailyStreakQuestCounted(tx: Transaction, userId: number): Promise<boolean> {
  return (await questProgressOf(tx, userId, DAILY_STREAK_QUEST)).claimed;
}

/** Marks the Daily Streak quest reached and counted, in the milestone's transaction. */
export function markDailyStreakQuestCounted(tx: Transaction, userId: number): Promise<void> {
  return changeQuestProgress(tx, userId, DAILY_STREAK_QUEST, { done: true, claimed: true });
}

/** An account whose streak breaks at midnight UTC unless it claims today. */
export interface StreakAtStake {
  userId: number;
  streak: number;
}

/**
 * The accounts, in one statement, that claimed yesterday (UTC) and not yet today, whose run
 * the next claim extends (its last milestone not yet paid: after it a claim starts anew),
 * verified, neither banned nor erased: the streaks that break at midnight.
 */
export async function streaksAtStake(
  db: Queryable,
  today: { start: Date; yesterdayStart: Date; finalMilestone: number },
): Promise<StreakAtStake[]> {
  return db
    .select({ userId: users.id, streak: users.dailyStreaks })
    .from(users)
    .where(
      and(
        gte(users.lastClaimedAt, today.yesterdayStart),
        lt(users.lastClaimedAt, today.start),
        gt(users.dailyStreaks, 0),
        lt(users.lastClaimedStreakMilestone, today.finalMilestone),
        isNotNull(users.emailVerifiedAt),
        isNull(users.bannedAt),
        isNull(users.deletedAt),
      ),
    );
}
