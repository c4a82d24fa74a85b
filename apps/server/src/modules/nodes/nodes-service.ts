/**
 * Nodes (docs/ARCHITECTURE.md section 8, docs/decisions/018): every installation of
 * the validator extension, and every browser page that ran a test, is a node
 * its person sees, renames and removes. An extension node signs in as itself:
 * its own refresh family, so removing the node signs out that extension and
 * nothing else. At most NODE_LIMIT live nodes per account.
 */
import {
  NODE_MESSAGE_TEMPLATES,
  NODE_MESSAGES,
  NODE_ONLINE_WINDOW_MS,
  SERVER_MESSAGES,
  startOfUtcDay,
  type ExtensionNotice,
  type NetworkNode,
  type NodeHeartbeatRequest,
  type NodeKind,
  type NodeList,
  type NodeRefreshRequest,
  type NodeSession,
  type RegisteredNode,
  type RegisterNodeRequest,
} from '@netpulse/shared';
import type { CatalogLocale } from '@netpulse/i18n';
import type { FastifyInstance } from 'fastify';
import type { Queryable, Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import { text } from '../../lib/server-intl.ts';
import { speedsOf } from '../../lib/throughput.ts';
import {
  grantOf,
  openSessionFamily,
  refreshSession,
  revokeSession,
  type OpenedSession,
} from '../auth/index.ts';
import { extensionNoticesOf } from '../notifications/index.ts';
import {
  countLiveNodes,
  findNode,
  insertNode,
  liveNodeViews,
  lockNodeOwner,
  nodeOfSession,
  recordHeartbeat,
  recordNodeIdConflict,
  removeLiveNode,
  renameLiveNode,
  touchLiveNode,
  touchNodes,
  updateRegisteredNode,
  type NodeViewRow,
} from './nodes-repository.ts';
import { nodesHeardFrom } from './quiet-nodes.ts';

/** A registration refused because another account holds the node id (its transaction rolls back). */
const TAKEN = Symbol('node id taken');

/** What the node services use of the app; routes pass the app itself. */
export type NodesContext = Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'mailer' | 'authSecret' | 'log'
>;

function toNode(context: Pick<NodesContext, 'clock' | 'config'>, row: NodeViewRow): NetworkNode {
  const { node, lastTest } = row;
  const now = context.clock.now().getTime();
  return {
    id: node.id,
    kind: node.kind,
    name: node.name,
    version: node.version,
    online: node.lastSeenAt !== null && now - node.lastSeenAt.getTime() <= NODE_ONLINE_WINDOW_MS,
    last_seen_at: node.lastSeenAt?.toISOString() ?? null,
    created_at: node.createdAt.toISOString(),
    tests_today: row.testsToday,
    daily_limit: context.config.SPEEDTEST_DAILY_LIMIT,
    next_test_at: node.nextTestAt?.toISOString() ?? null,
    last_result: lastTest && {
      // A credited test has both directions measured (completion requires it).
      download_mbps: speedsOf(lastTest).download_mbps ?? 0,
      upload_mbps: speedsOf(lastTest).upload_mbps ?? 0,
      latency_ms: lastTest.latencyMs,
      completed_at: lastTest.completedAt.toISOString(),
    },
    cycle_points: row.cyclePoints,
  };
}

/** GET /v1/api/nodes: the user's live nodes, oldest first, and the limit. */
export async function listNodes(context: NodesContext, userId: number): Promise<NodeList> {
  const dayStart = startOfUtcDay(context.clock.now());
  const rows = await liveNodeViews(context.db, { userId }, dayStart);
  return { nodes: rows.map((row) => toNode(context, row)), limit: context.config.NODE_LIMIT };
}

/** One live node of the user as the list shows it. */
async function nodeView(context: NodesContext, userId: number, nodeId: string) {
  const dayStart = startOfUtcDay(context.clock.now());
  const [row] = await liveNodeViews(context.db, { userId, nodeId }, dayStart);
  if (!row) throw notFound(NODE_MESSAGES.unknown);
  return toNode(context, row);
}

/**
 * Registers the node, or answers it as it is when this account registered it
 * already (with its new version, and for an extension a new session of its
 * own: the old one is revoked, as only the newest sign-in holds its tokens).
 * Refused with 409: an id of another account, a removed node's id, one more
 * than NODE_LIMIT live nodes. The user's row is locked, so registrations at
 * once cannot pass the limit together. An id of another account is recorded
 * (node_id_conflicts) after the refusal's rollback: two accounts on one
 * installation is a fraud signal (docs/decisions/023). `address` is the
 * client's, kept with an extension's new session.
 */
export async function registerNode(
  context: NodesContext,
  userId: number,
  request: RegisterNodeRequest,
  address: string | null = null,
): Promise<RegisteredNode> {
  const now = context.clock.now();
  const outcome = await inTransaction(context.db, async (tx) => {
    await lockNodeOwner(tx, userId);
    const existing = await findNode(tx, request.nodeId);
    if (existing && existing.userId !== userId) return TAKEN;
    if (existing?.removedAt) throw conflict(NODE_MESSAGES.wasRemoved);
    const kind = existing?.kind ?? request.kind;
    const opened =
      kind === 'extension'
        ? await openSessionFamily(tx, { userId, kind: 'node', address }, now)
        : null;
    if (existing) {
      await updateRegisteredNode(tx, existing.id, {
        seenAt: now,
        version: request.version,
        refreshFamilyId: opened?.familyId,
      });
      await nodesHeardFrom(tx, [existing.id]);
      if (opened && existing.refreshFamilyId) {
        await revokeSession(tx, existing.refreshFamilyId, 'node-registered-again', now);
      }
      return opened;
    }
    if (!(await insertNewNode(tx, context, userId, request, opened, now))) return TAKEN;
    return opened;
  });
  if (outcome === TAKEN) {
    await recordNodeIdConflict(context.db, { nodeId: request.nodeId, userId, at: now });
    throw conflict(NODE_MESSAGES.belongsToAnother);
  }
  const session = outcome;
  return {
    node: await nodeView(context, userId, request.nodeId),
    session: session && (await nodeSessionOf(context, session)),
  };
}

/** Registers the new node; false when another account took its id meanwhile. */
async function insertNewNode(
  tx: Transaction,
  context: NodesContext,
  userId: number,
  request: RegisterNodeRequest,
  session: OpenedSession | null,
  now: Date,
): Promise<boolean> {
  const limit = context.config.NODE_LIMIT;
  if ((await countLiveNodes(tx, userId)) >= limit) {
    throw conflict(text(NODE_MESSAGE_TEMPLATES.limitReached, { limit }));
  }
  const inserted = await insertNode(tx, {
    id: request.nodeId,
    userId,
    kind: request.kind,
    name: request.name,
    version: request.version ?? null,
    createdAt: now,
    refreshFamilyId: session?.familyId ?? null,
  });
  // false: another account registered the same id between our read and this insert.
  return inserted;
}

async function nodeSessionOf(context: NodesContext, session: OpenedSession): Promise<NodeSession> {
  const grant = await grantOf(context, session);
  return { accessToken: grant.accessToken, refreshToken: grant.refreshToken };
}

/**
 * POST /v1/api/nodes/refresh-token: rotates an extension node's refresh token,
 * as the cookie's is rotated (a replay outside the grace window revokes the
 * session), but only a token of the session that is this node's, and only
 * while the node is not removed. Two refreshes at once: the second answers 409
 * (the first carries the new token), since a node keeps no shared cookie.
 */
export async function refreshNodeSession(
  context: NodesContext,
  request: NodeRefreshRequest,
): Promise<NodeSession> {
  const node = await findNode(context.db, request.nodeId);
  if (!node || node.removedAt || !node.refreshFamilyId) {
    throw unauthorized(NODE_MESSAGES.nodeRefreshRefused);
  }
  const outcome = await refreshSession(context, request.refreshToken, {
    kind: 'node',
    onlyFamily: node.refreshFamilyId,
  });
  if (outcome.kind === 'rejected') throw unauthorized(NODE_MESSAGES.nodeRefreshRefused);
  if (outcome.kind === 'raced') throw conflict(NODE_MESSAGES.refreshRaced);
  return { accessToken: outcome.grant.accessToken, refreshToken: outcome.grant.refreshToken };
}

/**
 * A heartbeat from the node whose own session the request's is: seen now, its
 * version and its next planned test. Any other session is 403; the session of
 * a node removed a moment ago is refused as revoked (401).
 */
export async function nodeHeartbeat(
  context: NodesContext,
  session: { userId: number; sessionId: string },
  beat: NodeHeartbeatRequest,
): Promise<NetworkNode> {
  const nodeId = await inTransaction(context.db, async (tx) => {
    const beating = await recordHeartbeat(
      tx,
      { userId: session.userId, familyId: session.sessionId },
      {
        seenAt: context.clock.now(),
        version: beat.version,
        nextTestAt: beat.nextTestAt === null ? null : new Date(beat.nextTestAt),
      },
    );
    if (beating) await nodesHeardFrom(tx, [beating]);
    return beating;
  });
  if (!nodeId) {
    const node = await nodeOfSession(context.db, session.userId, session.sessionId);
    if (node?.removedAt) throw unauthorized(SERVER_MESSAGES.unauthorized);
    throw forbidden(NODE_MESSAGES.notANodeSession);
  }
  return nodeView(context, session.userId, nodeId);
}

/** PATCH /v1/api/nodes/:nodeId: 404 unless it is a live node of the user. */
export async function renameNode(
  context: NodesContext,
  userId: number,
  nodeId: string,
  name: string,
): Promise<NetworkNode> {
  if (!(await renameLiveNode(context.db, userId, nodeId, name))) {
    throw notFound(NODE_MESSAGES.unknown);
  }
  return nodeView(context, userId, nodeId);
}

/**
 * DELETE /v1/api/nodes/:nodeId: the node is removed (its row and tests stay,
 * its id is never registered again) and its own session revoked, so its
 * extension's refresh is refused and its access token stops working within
 * the session check's bound (at once on this server).
 */
export async function removeNode(
  context: NodesContext,
  userId: number,
  nodeId: string,
): Promise<NodeKind> {
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const removed = await removeLiveNode(tx, userId, nodeId, now);
    if (!removed) throw notFound(NODE_MESSAGES.unknown);
    if (removed.refreshFamilyId) {
      await revokeSession(tx, removed.refreshFamilyId, 'node-removed', now);
    }
    return removed.kind;
  });
}

/**
 * The node a new speed test belongs to, marked seen (in the opening
 * transaction, so a refused open marks nothing): the extension node whose own
 * session opens it, else the live browser node the body names (404 when it is
 * not one of the user's), else none.
 */
export async function nodeForNewTest(
  tx: Transaction,
  opener: { userId: number; sessionId: string; nodeId?: string },
  now: Date,
): Promise<string | null> {
  const bySession = await touchLiveNode(tx, opener.userId, { familyId: opener.sessionId }, now);
  if (bySession) {
    await nodesHeardFrom(tx, [bySession]);
    return bySession;
  }
  if (opener.nodeId === undefined) return null;
  const browser = await touchLiveNode(tx, opener.userId, { browserNodeId: opener.nodeId }, now);
  if (!browser) throw notFound(NODE_MESSAGES.unknown);
  return browser;
}

/**
 * Marks the nodes of a group of completed tests seen, each at the time of its
 * last test in the group, and answers their names by node id; no statement
 * when none of the tests has a node.
 */
export async function nodesOfCompletedTests(
  tx: Transaction,
  tests: { nodeId: string | null; at: Date }[],
): Promise<Map<string, string>> {
  const seen = new Map<string, Date>();
  for (const { nodeId, at } of tests) if (nodeId !== null) seen.set(nodeId, at);
  if (seen.size === 0) return new Map();
  const names = await touchNodes(tx, seen);
  await nodesHeardFrom(tx, [...names.keys()]);
  return names;
}

/** Refuses (404) a node id that is not one of the user's, live or removed. */
export async function nodeOwnedBy(db: Queryable, userId: number, nodeId: string): Promise<void> {
  const node = await findNode(db, nodeId);
  if (!node || node.userId !== userId) throw notFound(NODE_MESSAGES.unknown);
}

/**
 * GET /v1/api/nodes/self/notices: what the extension whose own session the request's is
 * shows, in the account's language. Any other session is 403; a removed node's is 401.
 */
export async function selfNotices(
  context: NodesContext,
  session: { userId: number; sessionId: string; locale: CatalogLocale },
): Promise<ExtensionNotice[]> {
  const node = await nodeOfSession(context.db, session.userId, session.sessionId);
  if (node?.removedAt) throw unauthorized(SERVER_MESSAGES.unauthorized);
  if (!node) throw forbidden(NODE_MESSAGES.notANodeSession);
  return extensionNoticesOf(context.db, {
    userId: session.userId,
    nodeId: node.id,
    locale: session.locale,
  });
}
