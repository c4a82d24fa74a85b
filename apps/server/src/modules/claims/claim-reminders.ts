/**
 * The claim reminder (issue 30): CLAIM_REMINDER_HOURS before midnight UTC, each account whose
 * streak breaks at midnight unless it claims is told once that day, its streak named. Only a
 * streak at stake is told of: an account with none loses nothing by waiting, and the notice
 * names the streak it keeps (docs/ARCHITECTURE.md, the notices). Hourly, once across servers;
 * the day's dedupe key keeps the hours after the first from telling anyone twice.
 */
import { STREAK_MILESTONES, startOfUtcDay } from '@netpulse/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { inTransaction } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { streaksAtStake } from './claims-repository.ts';

export const CLAIM_REMINDER_SCAN = 'claims.reminder';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FINAL_MILESTONE = STREAK_MILESTONES[STREAK_MILESTONES.length - 1] ?? 28;

/** Tells the accounts with a streak at stake, from the reminder's hour on. Answers how many were told. */
export async function remindUnclaimedStreaks(
  context: Pick<FastifyInstance, 'db' | 'clock' | 'config'>,
): Promise<number> {
  const now = context.clock.now();
  const start = startOfUtcDay(now);
  const remindFrom = start.getTime() + DAY_MS - context.config.CLAIM_REMINDER_HOURS * HOUR_MS;
  if (now.getTime() < remindFrom) return 0;
  const day = start.toISOString().slice(0, 10);
  return inTransaction(context.db, async (tx) => {
    const accounts = await streaksAtStake(tx, {
      start,
      yesterdayStart: new Date(start.getTime() - DAY_MS),
      finalMilestone: FINAL_MILESTONE,
    });
    return notify(
      tx,
      accounts.map(({ userId, streak }) => ({
        userId,
        type: 'claim_reminder' as const,
        params: { streak },
        link: '/quests',
        dedupeKey: `claim_reminder:${userId}:${day}`,
      })),
    );
  });
}

/** Registers the reminder on the job queue (after the jobs plugin). */
export const claimReminders: FastifyPluginAsync = fp(
  async (app) => {
    app.jobs.every(CLAIM_REMINDER_SCAN, HOUR_MS, async () => {
      await remindUnclaimedStreaks(app);
    });
  },
  { name: 'claim-reminders', dependencies: ['job-queue'] },
);
