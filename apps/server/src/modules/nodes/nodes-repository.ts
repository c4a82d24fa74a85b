/**
 * The nodes table (docs/decisions/018): the one module that reads and writes
 * it. A removed node keeps its row (removed_at set), so its tests keep their
 * node and its id is never registered again; "live" means not removed.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { NodeKind } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { nodeIdConflicts, nodes } from '../../db/tables/nodes-tables.ts';
import { seasons } from '../../db/tables/seasons-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';
import { arrayLiteral, rowsOf } from '../../db/sql-kit.ts';

export type NodeRow = typeof nodes.$inferSelect;

const live = isNull(nodes.removedAt);

/**
 * Locks the user's row until the transaction ends, so one user's registrations
 * are judged one after another and the limit holds under concurrency.
 */
export async function lockNodeOwner(tx: Transaction, userId: number): Promise<void> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new Error(`no user ${userId}`);
}

/** The node with this id, of any account, removed or not. */
export async function findNode(db: Queryable, nodeId: string): Promise<NodeRow | undefined> {
  const [node] = await db.select().from(nodes).where(eq(nodes.id, nodeId)).limit(1);
  return node;
}

export async function countLiveNodes(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ live: count() })
    .from(nodes)
    .where(and(eq(nodes.userId, userId), live));
  return row?.live ?? 0;
}

/**
 * Inserts a node; false when the id exists already (another account took it a
 * moment ago: the caller locked only its own user).
 */
export async function insertNode(
  tx: Transaction,
  node: {
    id: string;
    userId: number;
    kind: NodeKind;
    name: string;
    version: string | null;
    createdAt: Date;
    refreshFamilyId: string | null;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(nodes)
    .values({ ...node, lastSeenAt: node.createdAt })
    .onConflictDoNothing({ target: nodes.id })
    .returning({ id: nodes.id });
  return inserted.length > 0;
}

/** A node registered again: seen now, maybe a new version and a new session of its own. */
export async function updateRegisteredNode(
  tx: Transaction,
  nodeId: string,
  changes: { version?: string; refreshFamilyId?: string; seenAt: Date },
): Promise<void> {
  await tx
    .update(nodes)
    .set({
      lastSeenAt: changes.seenAt,
      ...(changes.version !== undefined ? { version: changes.version } : {}),
      ...(changes.refreshFamilyId !== undefined
        ? { refreshFamilyId: changes.refreshFamilyId }
        : {}),
    })
    .where(eq(nodes.id, nodeId));
}

/** The node whose own session (refresh family) this is, live or removed; undefined for any other session. */
export async function nodeOfSession(db: Queryable, userId: number, familyId: string) {
  const [node] = await db
    .select({ id: nodes.id, removedAt: nodes.removedAt })
    .from(nodes)
    .where(and(eq(nodes.refreshFamilyId, familyId), eq(nodes.userId, userId)))
    .limit(1);
  return node;
}

/** A heartbeat of the live node whose session this is; false when there is none. */
export async function recordHeartbeat(
  db: Queryable,
  where: { userId: number; familyId: string },
  beat: { seenAt: Date; version?: string; nextTestAt: Date | null },
): Promise<string | undefined> {
  const [node] = await db
    .update(nodes)
    .set({
      lastSeenAt: beat.seenAt,
      nextTestAt: beat.nextTestAt,
      ...(beat.version !== undefined ? { version: beat.version } : {}),
    })
    .where(and(eq(nodes.refreshFamilyId, where.familyId), eq(nodes.userId, where.userId), live))
    .returning({ id: nodes.id });
  return node?.id;
}

/** Renames the user's live node; false when it is not one. */
export async function renameLiveNode(
  db: Queryable,
  userId: number,
  nodeId: string,
  name: string,
): Promise<boolean> {
  const renamed = await db
    .update(nodes)
    .set({ name })
    .where(and(eq(nodes.id, nodeId), eq(nodes.userId, userId), live))
    .returning({ id: nodes.id });
  return renamed.length > 0;
}

/** Marks the user's live node removed; its session's id (null for a browser), or undefined when none was removed. */
export async function removeLiveNode(
  tx: Transaction,
  userId: number,
  nodeId: string,
  now: Date,
): Promise<{ kind: NodeKind; refreshFamilyId: string | null } | undefined> {
  const [removed] = await tx
    .update(nodes)
    .set({ removedAt: now })
    .where(and(eq(nodes.id, nodeId), eq(nodes.userId, userId), live))
    .returning({ kind: nodes.kind, refreshFamilyId: nodes.refreshFamilyId });
  return removed;
}

/**
 * Marks seen, and answers, the user's live node that matches `which`: the one
 * whose session the request's is, or a browser node by id. Undefined when none.
 */
export async function touchLiveNode(
  tx: Transaction,
  userId: number,
  which: { familyId: string } | { browserNodeId: string },
  now: Date,
): Promise<string | undefined> {
  const match: SQL =
    'familyId' in which
      ? eq(nodes.refreshFamilyId, which.familyId)
      : and(eq(nodes.id, which.browserNodeId), eq(nodes.kind, 'browser'))!;
  const [node] = await tx
    .update(nodes)
    .set({ lastSeenAt: now })
    .where(and(match, eq(nodes.userId, userId), live))
    .returning({ id: nodes.id });
  return node?.id;
}

/**
 * Marks each node seen at its time (the tests of a group of completions) and
 * answers their names by id, in one statement; removed nodes too.
 */
export async function touchNodes(
  tx: Transaction,
  seen: Map<string, Date>,
): Promise<Map<string, string>> {
  const ids = [...seen.keys()];
  const touched = await tx
    .update(nodes)
    .set({ lastSeenAt: sql`seen.at` })
    .from(
      sql`unnest(${arrayLiteral(ids)}::uuid[], ${arrayLiteral(ids.map((id) => seen.get(id) ?? null))}::timestamptz[]) as seen(id, at)`,
    )
    .where(sql`${nodes.id} = seen.id`)
    .returning({ id: nodes.id, name: nodes.name });
  return new Map(touched.map((node) => [node.id, node.name]));
}

/** A row of liveNodeViews: the node and what its tests say. */
export interface NodeViewRow {
  node: Pick<
    NodeRow,
    'id' | 'kind' | 'name' | 'version' | 'createdAt' | 'lastSeenAt' | 'nextTestAt'
  >;
  testsToday: number;
  cyclePoints: number;
  lastTest: {
    completedAt: Date;
    downloadBytes: number | null;
    downloadElapsedUs: number | null;
    uploadBytes: number | null;
    uploadElapsedUs: number | null;
    latencyMs: number | null;
  } | null;
}

/**
 * The user's live nodes, oldest first (or only `nodeId`), each with its tests
 * credited since `dayStart`, its points in the current cycle and its newest
 * credited test: one statement for the whole list, each node's tests read from
 * the (node_id, completed_at) index.
 */
export async function liveNodeViews(
  db: Queryable,
  where: { userId: number; nodeId?: string },
  dayStart: Date,
): Promise<NodeViewRow[]> {
  const cycleStart = db
    .select({ startedAt: seasons.startedAt })
    .from(seasons)
    .where(eq(seasons.isCurrent, true));
  const dayStartValue = sql`${dayStart.toISOString()}::timestamptz`;
  // Every test that either figure counts: this cycle's, and today's (a cycle may start mid-day).
  const stats = db
    .select({
      testsToday: sql<number>`count(*) filter (where ${speedtests.completedAt} >= ${dayStartValue})`
        .mapWith(Number)
        .as('tests_today'),
      cyclePoints:
        sql<number>`coalesce(sum(${speedtests.points}) filter (where ${speedtests.completedAt} >= (${cycleStart})), 0)`
          .mapWith(Number)
          .as('cycle_points'),
    })
    .from(speedtests)
    .where(
      and(
        eq(speedtests.nodeId, nodes.id),
        gte(speedtests.completedAt, sql`least(${dayStartValue}, (${cycleStart}))`),
      ),
    )
    .as('stats');
  const lastTest = db
    .select({
      completedAt: speedtests.completedAt,
      downloadBytes: speedtests.downloadBytes,
      downloadElapsedUs: speedtests.downloadElapsedUs,
      uploadBytes: speedtests.uploadBytes,
      uploadElapsedUs: speedtests.uploadElapsedUs,
      latencyMs: speedtests.latencyMs,
    })
    .from(speedtests)
    .where(and(eq(speedtests.nodeId, nodes.id), isNotNull(speedtests.completedAt)))
    .orderBy(desc(speedtests.completedAt))
    .limit(1)
    .as('last_test');
  const rows = await db
    .select({
      node: {
        id: nodes.id,
        kind: nodes.kind,
        name: nodes.name,
        version: nodes.version,
        createdAt: nodes.createdAt,
        lastSeenAt: nodes.lastSeenAt,
        nextTestAt: nodes.nextTestAt,
      },
      testsToday: stats.testsToday,
      cyclePoints: stats.cyclePoints,
      lastTest: {
        completedAt: lastTest.completedAt,
        downloadBytes: lastTest.downloadBytes,
        downloadElapsedUs: lastTest.downloadElapsedUs,
        uploadBytes: lastTest.uploadBytes,
        uploadElapsedUs: lastTest.uploadElapsedUs,
        latencyMs: lastTest.latencyMs,
      },
    })
    .from(nodes)
    .leftJoinLateral(stats, sql`true`)
    .leftJoinLateral(lastTest, sql`true`)
    .where(
      and(
        eq(nodes.userId, where.userId),
        live,
        where.nodeId !== undefined ? eq(nodes.id, where.nodeId) : undefined,
      ),
    )
    .orderBy(asc(nodes.createdAt), asc(nodes.id));
  return rows.map((row) => ({
    ...row,
    testsToday: row.testsToday ?? 0,
    cyclePoints: row.cyclePoints ?? 0,
    lastTest: row.lastTest?.completedAt
      ? { ...row.lastTest, completedAt: row.lastTest.completedAt }
      : null,
  }));
}

/**
 * An account tried to register a node id another account holds: kept once per
 * id and account (the latest try's time), for the console's fraud signals.
 */
export async function recordNodeIdConflict(
  db: Queryable,
  conflict: { nodeId: string; userId: number; at: Date },
): Promise<void> {
  await db
    .insert(nodeIdConflicts)
    .values(conflict)
    .onConflictDoUpdate({
      target: [nodeIdConflicts.nodeId, nodeIdConflicts.userId],
      set: { at: conflict.at },
    });
}

/**
 * An account's deletion (issue 29): its nodes go, names and all, with the node ids it tried
 * to register (its tests no longer name their nodes: speedtests erases that first). Their
 * sessions go with the account's. A node id another account tried while this one had it
 * stays that account's record.
 */
export async function deleteNodesOfUser(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(nodeIdConflicts).where(eq(nodeIdConflicts.userId, userId));
  await tx.delete(nodes).where(eq(nodes.userId, userId));
}

/** A node the offline scan marked quiet, or one heard from again after it was. */
export interface QuietNodeRow {
  id: string;
  userId: number;
  name: string;
  /** ISO time the node was marked quiet (the absence it belongs to). */
  offlineSince: string;
  /** Whether its owner was told of this absence (at most once per node per 6 hours). */
  notified: boolean;
}

/**
 * Marks quiet, in one statement however many there are, the live extension nodes last
 * heard from before `silentSince` and not yet marked, of accounts neither erased nor
 * banned; each is marked told (`offline_notified_at = now`) unless it was told after
 * `toldAgainAfter`, so a node that flaps is told of once per window. Browser nodes are
 * pages that ran a test, not installations that beat: never quiet. The row lock of the
 * UPDATE with its re-checked WHERE means a heartbeat committed meanwhile keeps its node.
 */
export async function markQuietNodes(
  tx: Transaction,
  times: { now: Date; silentSince: Date; toldAgainAfter: Date },
): Promise<QuietNodeRow[]> {
  const now = times.now.toISOString();
  const result = await tx.execute(sql`
    UPDATE ${nodes} SET
      offline_since = ${now}::timestamptz,
      offline_notified_at = CASE
        WHEN ${nodes.offlineNotifiedAt} IS NULL
          OR ${nodes.offlineNotifiedAt} <= ${times.toldAgainAfter.toISOString()}::timestamptz
        THEN ${now}::timestamptz
        ELSE ${nodes.offlineNotifiedAt} END
    FROM ${users}
    WHERE ${users.id} = ${nodes.userId} AND ${users.deletedAt} IS NULL AND ${users.bannedAt} IS NULL
      AND ${nodes.kind} = 'extension' AND ${nodes.removedAt} IS NULL
      AND ${nodes.offlineSince} IS NULL
      AND ${nodes.lastSeenAt} < ${times.silentSince.toISOString()}::timestamptz
    RETURNING ${nodes.id} AS "id", ${nodes.userId} AS "userId", ${nodes.name} AS "name",
      to_json(${nodes.offlineSince}) #>> '{}' AS "offlineSince",
      (${nodes.offlineNotifiedAt} = ${now}::timestamptz) AS "notified"`);
  return rowsOf<QuietNodeRow>(result);
}

/**
 * Clears the quiet mark of those of `nodeIds` that had one (they were just heard from) and
 * answers them with the absence that ended, in one statement. The row lock makes two
 * writes at once clear a mark once: the second re-checks `offline_since` and skips it.
 */
export async function clearQuietMarks(
  tx: Transaction,
  nodeIds: readonly string[],
): Promise<QuietNodeRow[]> {
  if (nodeIds.length === 0) return [];
  // The same row read before the change: RETURNING sees only the new values.
  const result = await tx.execute(sql`
    UPDATE ${nodes} SET offline_since = NULL
    FROM ${nodes} AS previous
    WHERE previous.id = ${nodes.id}
      AND ${nodes.id} = ANY(${arrayLiteral([...nodeIds])}::uuid[])
      AND ${nodes.offlineSince} IS NOT NULL
    RETURNING ${nodes.id} AS "id", ${nodes.userId} AS "userId", ${nodes.name} AS "name",
      to_json(previous.offline_since) #>> '{}' AS "offlineSince",
      coalesce(${nodes.offlineNotifiedAt} >= previous.offline_since, false) AS "notified"`);
  return rowsOf<QuietNodeRow>(result);
}
