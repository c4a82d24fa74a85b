/**
 * Cycles (docs/ARCHITECTURE.md section 5): exactly one is current (a partial unique
 * index holds that); Kilo starts with the first start, and the operator starts
 * the next ones in order with the admin CLI. The ledger records the current
 * cycle on every transaction.
 */
import { CYCLES, DEFAULT_CYCLE, type Cycle } from '@netpulse/shared';
import type { Database, Queryable, Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { cycleTotalsOf } from '../ledger/index.ts';
import { notify } from '../notifications/index.ts';
import {
  endSeason,
  findCurrentSeason,
  insertCurrentSeason,
  insertFirstSeason,
  lockCurrentSeason,
  seasonsInStartOrder,
  type Season,
} from './seasons-repository.ts';

/** Makes sure a current cycle exists: Kilo from the first start. */
export async function ensureCurrentSeason(db: Database, now = new Date()): Promise<void> {
  if (await findCurrentSeason(db)) return;
  await insertFirstSeason(db, DEFAULT_CYCLE, now);
}

/** The current cycle; there always is one once the database is prepared. */
export async function currentSeason(db: Queryable): Promise<Season & { name: Cycle }> {
  const current = await findCurrentSeason(db);
  if (!current) throw new Error('no current cycle: was the database prepared?');
  return asCycle(current);
}

/** Every cycle that has started, in the order they ran. */
export async function startedSeasons(db: Queryable): Promise<(Season & { name: Cycle })[]> {
  return (await seasonsInStartOrder(db)).map(asCycle);
}

function asCycle(season: Season): Season & { name: Cycle } {
  if (!(CYCLES as readonly string[]).includes(season.name)) {
    throw new Error(`the seasons table holds an unknown cycle "${season.name}"`);
  }
  return season as Season & { name: Cycle };
}

export type StartSeasonOutcome =
  { kind: 'started'; previous: Cycle; started: Season } | { kind: 'refused'; reason: string };

/**
 * Ends the current cycle and starts `name`, which must be the next in CYCLES.
 * One transaction, with the current cycle's row locked, so two operators
 * starting cycles at once cannot skip one or end up with two current.
 */
export async function startNextSeason(
  db: Database,
  name: string,
  options: {
    now: Date;
    endsAt?: Date;
    /** Runs in the start's transaction once the cycle started (the audit log's row). */
    alongside?: (tx: Transaction, previous: Season, started: Season) => Promise<void>;
  },
): Promise<StartSeasonOutcome> {
  if (!(CYCLES as readonly string[]).includes(name)) {
    return {
      kind: 'refused',
      reason: `Unknown cycle "${name}": the cycles are ${CYCLES.join(', ')}`,
    };
  }
  return inTransaction(db, async (tx): Promise<StartSeasonOutcome> => {
    const current = await lockCurrentSeason(tx);
    if (!current) throw new Error('no current cycle: was the database prepared?');
    const next = CYCLES[CYCLES.indexOf(current.name as Cycle) + 1];
    if (!next) {
      return { kind: 'refused', reason: `${current.name} is the last cycle; none comes after it` };
    }
    if (name !== next) {
      return {
        kind: 'refused',
        reason: `${current.name} is the current cycle, so the next is ${next}, not ${name} (cycles run in the order ${CYCLES.join(', ')})`,
      };
    }
    await endSeason(tx, current.id, options.now);
    await tellCycleEnded(tx, current);
    const started = await insertCurrentSeason(tx, {
      name,
      now: options.now,
      endsAt: options.endsAt,
    });
    await options.alongside?.(tx, current, started);
    return { kind: 'started', previous: current.name as Cycle, started };
  });
}

/**
 * Tells each account with Bytes in the cycle that ended its total there and that cycle's
 * rank among its own cycles: one read and one write for all of them, once per account and
 * cycle.
 */
async function tellCycleEnded(tx: Transaction, ended: Season): Promise<void> {
  const totals = await cycleTotalsOf(tx, ended.id);
  await notify(
    tx,
    totals.map((total) => ({
      userId: total.userId,
      type: 'cycle_ended' as const,
      params: { cycle: ended.name, bytes: total.bytes, rank: total.rank, cycles: total.cycles },
      link: '/earnings',
      dedupeKey: `cycle_ended:${ended.id}:${total.userId}`,
    })),
  );
}

/** The cycle that comes after `name`, or null after the last one. */
export function nextCycleAfter(name: Cycle): Cycle | null {
  return CYCLES[CYCLES.indexOf(name) + 1] ?? null;
}
