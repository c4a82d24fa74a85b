/**
 * A node gone quiet and back (issue 30): the scheduled scan marks the extension nodes not
 * heard from for NODE_OFFLINE_AFTER_MIN and tells their owners, at most once per node per
 * 6 hours; the next heartbeat or test clears the mark and says it is back, when its owner
 * was told it had gone. Both set-based: a 10,000-node outage is one statement and one
 * `notify`. The notices are made in the transaction that changes the marks, so a mark and
 * its notice exist together.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notify, type NewNotice } from '../notifications/index.ts';
import { clearQuietMarks, markQuietNodes, type QuietNodeRow } from './nodes-repository.ts';

/** The scan's schedule: each minute, once across servers. */
export const QUIET_NODE_SCAN = 'nodes.offline-scan';
const SCAN_INTERVAL_MS = 60_000;
/** A node that flaps is told of once in this window. */
export const OFFLINE_NOTICE_WINDOW_MS = 6 * 3_600_000;

/** The notices of one kind for the nodes of one change, keyed by the absence they tell of. */
function noticesOf(
  rows: readonly QuietNodeRow[],
  type: 'node_offline' | 'node_online',
  params: Record<string, number> = {},
): NewNotice[] {
  return rows
    .filter((row) => row.notified)
    .map((row) => ({
      userId: row.userId,
      type,
      // nodeId: the extension of that node finds its own notices by it.
      params: { node: row.name, nodeId: row.id, ...params },
      link: '/nodes',
      dedupeKey: `${type}:${row.id}:${new Date(row.offlineSince).toISOString()}`,
    }));
}

/**
 * Marks the nodes quiet for NODE_OFFLINE_AFTER_MIN and tells the owners the window lets be
 * told. Answers how many nodes were marked.
 */
export async function scanQuietNodes(
  context: Pick<FastifyInstance, 'db' | 'clock' | 'config'>,
): Promise<number> {
  const now = context.clock.now();
  const minutes = context.config.NODE_OFFLINE_AFTER_MIN;
  return inTransaction(context.db, async (tx) => {
    const marked = await markQuietNodes(tx, {
      now,
      silentSince: new Date(now.getTime() - minutes * 60_000),
      toldAgainAfter: new Date(now.getTime() - OFFLINE_NOTICE_WINDOW_MS),
    });
    await notify(tx, noticesOf(marked, 'node_offline', { minutes }));
    return marked.length;
  });
}

/**
 * In the transaction of a heartbeat or a test: the nodes heard from that were marked quiet
 * are not any more, and the owners told they had gone are told they are back, once.
 */
export async function nodesHeardFrom(tx: Transaction, nodeIds: readonly string[]): Promise<void> {
  const back = await clearQuietMarks(tx, nodeIds);
  if (back.length > 0) await notify(tx, noticesOf(back, 'node_online'));
}

/** Registers the scan on the job queue (after the jobs plugin). */
export const quietNodeScan: FastifyPluginAsync = fp(
  async (app) => {
    app.jobs.every(QUIET_NODE_SCAN, SCAN_INTERVAL_MS, async () => {
      await scanQuietNodes(app);
    });
  },
  { name: 'quiet-node-scan', dependencies: ['job-queue'] },
);
