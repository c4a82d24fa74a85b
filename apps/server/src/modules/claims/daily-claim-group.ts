/**
 * The daily claims in flight, written in groups (db/grouped-write.ts,
 * docs/decisions/020): one transaction locks the group's users, judges each
 * claim with the shared rules in arrival order over the state the claims before
 * it left, and credits the group through the ledger, which saves the new states
 * in the same statement. The group is made once, as the app starts, and
 * decorated as `app.dailyClaims`; a claim joins it in claimDaily
 * (claim-service.ts).
 */
import { DAILY_CLAIM_POINTS, dailyClaimState, POINTS_MESSAGES, utcDayKey } from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../../db/client.ts';
import { accepted, GroupedWrite, refused, type MemberOutcome } from '../../db/grouped-write.ts';
import { conflict } from '../../lib/http-error.ts';
import { creditGroup, type Credited, type GroupCredit } from '../ledger/index.ts';
import { dailyClaimChanges, lockClaimStates } from './claims-repository.ts';
import { streakAfterClaim, type StreakState } from './streak.ts';

/** One daily claim: whose, and when it was asked for. */
export interface DailyClaim {
  userId: number;
  at: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily claims' write group (modules/claims/daily-claim-group.ts). */
    dailyClaims: GroupedWrite<DailyClaim, Credited>;
  }
}

/** Makes the daily claims' write group with the app's window, and closes it with the app. */
export const dailyClaimGroup = fp(
  async (app: FastifyInstance) => {
    const group = new GroupedWrite(app.db, writeDailyClaims, {
      windowMs: app.config.WRITE_GROUP_WINDOW_MS,
    });
    app.decorate('dailyClaims', group);
    app.addHook('onClose', () => group.close());
  },
  { name: 'daily-claim-group' },
);

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
