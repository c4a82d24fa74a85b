/**
 * The explorer's work on the job queue (docs/decisions/038, 042): the daily rebuild of the
 * periods still moving, one slot a day across all servers, and the rebuild of one period
 * that an account's deletion queues in its own transaction.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { explorerPeriodField, LAST_30_DAYS } from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { enqueueJobs, type JobQueue } from '../jobs/index.ts';
import { builtPeriodsOfUser } from './explorer-repository.ts';
import { periodsToRebuild, rangeOf } from './periods.ts';
import { rebuildPeriod } from './rebuild.ts';

export const DAILY_REBUILD_KIND = 'explorer.daily-rebuild';
export const REBUILD_KIND = 'explorer.rebuild';
export const DAY_MS = 86_400_000;

/** What the explorer's jobs need of the app. */
export type ExplorerJobContext = Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'log'>;

/** Rebuilds `period` at the app's time with its setting, telling the log each step. */
function rebuildWith(context: ExplorerJobContext, period: string) {
  const log = context.log.child({ module: 'explorer' });
  return rebuildPeriod(context.db, period, {
    now: context.clock.now(),
    minAccounts: context.config.EXPLORER_MIN_ACCOUNTS,
    onProgress: (line) => log.info(line),
  });
}

/**
 * Registers the explorer's handlers on `queue`: the daily rebuild (a slot a day, so one
 * server runs it whichever queues it first) and the rebuild of one period.
 */
export function handleExplorerJobs(queue: JobQueue, context: ExplorerJobContext): void {
  queue.every(DAILY_REBUILD_KIND, DAY_MS, async () => {
    for (const period of periodsToRebuild(context.clock.now())) {
      await rebuildWith(context, period);
    }
  });
  queue.handle(REBUILD_KIND, async (job) => {
    const period = explorerPeriodField.parse((job.payload as { period?: unknown }).period);
    await rebuildWith(context, period);
  });
}

/** Registers the explorer's jobs on the app's queue (after the jobs plugin). */
export const explorerRebuilds: FastifyPluginAsync = fp(
  async (app) => {
    handleExplorerJobs(app.jobs, app);
  },
  { name: 'explorer-rebuilds', dependencies: ['job-queue'] },
);

/**
 * In an account's deletion's transaction: queues a rebuild of each built period the account's
 * tests appear in, so its traces leave the published figures once the deletion commits (the
 * rebuild leaves out a deleted account's tests).
 */
export async function queueRebuildsAfterDeletion(
  tx: Transaction,
  userId: number,
  now: Date,
): Promise<number> {
  const last30DaysSince = rangeOf(LAST_30_DAYS, now).startsAt;
  const periods = await builtPeriodsOfUser(tx, userId, last30DaysSince, LAST_30_DAYS);
  return enqueueJobs(
    tx,
    periods.map((period) => ({
      kind: REBUILD_KIND,
      deliveryKey: `${REBUILD_KIND}:${period}:deleted-account:${userId}`,
      payload: { period },
    })),
  );
}
