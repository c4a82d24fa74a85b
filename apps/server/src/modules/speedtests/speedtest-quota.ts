/**
 * The user's standing against the speed test limits (docs/ARCHITECTURE.md section 5),
 * read with the same queries that enforce them when a test is opened.
 */
import { nextUtcMidnight, startOfUtcDay, type SpeedtestQuota } from '@netpulse/shared';
import type { SpeedtestContext } from './speedtest-service.ts';
import { countCreditedSince, lastOpenedAt } from './speedtests-repository.ts';

/** How many tests are credited today, and the earliest time another one opens. */
export async function speedtestQuota(
  context: Pick<SpeedtestContext, 'db' | 'clock' | 'config'>,
  userId: number,
): Promise<SpeedtestQuota> {
  const now = context.clock.now();
  const resetsAt = nextUtcMidnight(now);
  const dailyLimit = context.config.SPEEDTEST_DAILY_LIMIT;
  const minIntervalSeconds = context.config.SPEEDTEST_MIN_INTERVAL_S;
  const creditedToday = await countCreditedSince(context.db, userId, startOfUtcDay(now));
  const previous = await lastOpenedAt(context.db, userId);
  const afterInterval = previous ? previous.getTime() + minIntervalSeconds * 1000 : 0;
  const nextOpenAt =
    creditedToday >= dailyLimit ? resetsAt : new Date(Math.max(now.getTime(), afterInterval));
  return {
    dailyLimit,
    creditedToday,
    minIntervalSeconds,
    nextOpenAt: nextOpenAt.toISOString(),
    resetsAt: resetsAt.toISOString(),
  };
}
