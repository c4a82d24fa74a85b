/**
 * The daily claim and the streak milestones (docs/ARCHITECTURE.md section 5, spec
 * section 4). The daily claims in flight are written in groups
 * (db/grouped-write.ts, docs/decisions/020): one transaction locks the group's
 * users, judges each claim with the shared rules in arrival order over the
 * state the claims before it left, and credits the group through the ledger,
 * which saves the new states in the same statement. A milestone is one
 * transaction of its own that locks the user's row. The ledger's idempotency
 * key is the backstop should two claims ever slip past the locks.
 */
import {
  claimableStreakMilestone,
  DAILY_CLAIM_POINTS,
  dailyClaimState,
  POINTS_MESSAGES,
  STREAK_BONUS_POINTS,
  utcDayKey,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/http-error.ts';
import { creditGroup, creditPoints, type Credited, type GroupCredit } from '../ledger/index.ts';
import {
  dailyClaimChanges,
  isDailyStreakQuestCounted,
  lockClaimState,
  lockClaimStates,
  markDailyStreakQuestCounted,
  streakMilestoneChanges,
} from './claims-repository.ts';
import { completesDailyStreakQuest, streakAfterClaim, type StreakState } from './streak.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Transaction } from '../../db/client.ts';
import { accepted, GroupedWrite, refused, type MemberOutcome } from '../../db/grouped-write.ts';

type ClaimContext = Pick<FastifyInstance, 'db' | 'clock' | 'config'>;

/** One daily claim: whose, and when it was asked for. */
interface DailyClaim {
  userId: number;
  at: Date;
}

/** 100 Bytes once per UTC day; extends or restarts the streak. */
export function claimDaily(context: ClaimContext, userId: number): Promise<Credited> {
  return dailyClaimsOf(context).submit({ userId, at: context.clock.now() });
}

/**
 * The daily claims' grouped write of each database handle (the app and its
 * plugin scopes share one), made on first use with the app's window.
 */
const dailyClaimWrites = new WeakMap<ClaimContext['db'], GroupedWrite<DailyClaim, Credited>>();

function dailyClaimsOf(context: ClaimContext): GroupedWrite<DailyClaim, Credited> {
  let write = dailyClaimWrites.get(context.db);
  if (!write) {
    write = new GroupedWrite(context.db, writeDailyClaims, {
      windowMs: context.config.WRITE_GROUP_WINDOW_MS,
    });
    dailyClaimWrites.set(context.db, write);
  }
  return write;
}

/**
 * Writes a group of daily claims: each is judged as if the claims before it in
 * the group had committed, so two of one person's claims on one day credit once
 * and answer the second 409, exactly as one after the other.
 */
async function writeDailyClaims(
  tx: Transaction,
  claims: DailyClaim[],
): Promise<MemberOutcome<Credited>[]> {
  const states = await lockClaimStates(tx, [...new Set(claims.map((claim) => claim.userId))]);
  const credits: GroupCredit[] = [];
  // Every member is answered: refused here, or accepted once the group is credited.
  const outcomes = new Array<MemberOutcome<Credited>>(claims.length);
  claims.forEach(({ userId, at }, member) => {
    const state = states.get(userId);
    if (!state) {
      outcomes[member] = refused(new Error(`no user ${userId}`));
    } else if (!dailyClaimState(claimProfileOf(state), at).unlocked) {
      outcomes[member] = refused(conflict(POINTS_MESSAGES.alreadyClaimedToday));
    } else {
      states.set(userId, { ...streakAfterClaim(state, at), lastClaimedAt: at });
      credits.push({
        member,
        userId,
        type: 'daily_claim',
        points: DAILY_CLAIM_POINTS,
        details: 'Daily Claim',
        idempotencyKey: `daily:${userId}:${utcDayKey(at)}`,
        at,
        duplicateMessage: POINTS_MESSAGES.alreadyClaimedToday,
      });
    }
  });
  if (credits.length === 0) return outcomes;
  const credited = await creditGroup(tx, credits, dailyClaimChanges(states));
  credits.forEach((credit, index) => {
    outcomes[credit.member] = accepted(credited[index] as Credited);
  });
  return outcomes;
}

/** The claim state as the shared rules read it. */
const claimProfileOf = (state: StreakState) => ({
  last_claimed_at: state.lastClaimedAt?.toISOString() ?? null,
  daily_streaks: state.dailyStreaks,
});

/** Pays the streak milestone that is claimable now (7, 14, 21 or 28 days), once per run. */
export async function claimStreakMilestone(
  context: ClaimContext,
  userId: number,
): Promise<Credited> {
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const state = await lockClaimState(tx, userId);
    const milestone = claimableStreakMilestone(
      state.dailyStreaks,
      state.lastClaimedStreakMilestone,
    );
    if (milestone === null) throw conflict(POINTS_MESSAGES.noStreakMilestone);
    const completesQuest =
      completesDailyStreakQuest(milestone) && !(await isDailyStreakQuestCounted(tx, userId));
    const credited = await creditPoints(
      tx,
      {
        userId,
        type: 'streak_bonus',
        points: STREAK_BONUS_POINTS[milestone],
        details: `Daily Streak: ${milestone} days`,
        idempotencyKey: `streak:${userId}:${state.streakRun}:${milestone}`,
        at: now,
        duplicateMessage: POINTS_MESSAGES.noStreakMilestone,
      },
      streakMilestoneChanges(milestone, completesQuest),
    );
    if (completesQuest) await markDailyStreakQuestCounted(tx, userId);
    return credited;
  });
}
