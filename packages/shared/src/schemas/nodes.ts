/**
 * Nodes and measurements (docs/ARCHITECTURE.md section 8, docs/decisions/018): every
 * installation of the validator extension, and every browser that runs a test
 * in the page, is a node a person can see, rename and remove; every test row
 * carries what the server measured and the node that ran it.
 */
import { z } from 'zod';
import { defineMessages, defineTexts } from '@netpulse/i18n';
import { seasonFilterSchema, withDateRange } from './queries.ts';

/** The most nodes an account has unless `NODE_LIMIT` says otherwise. */
export const DEFAULT_NODE_LIMIT = 5;
/** A node is Online when the server heard from it within this time. */
export const NODE_ONLINE_WINDOW_MS = 15 * 60 * 1000;
/** The extension reports a heartbeat at most this often. */
export const NODE_HEARTBEAT_INTERVAL_MS = 5 * 60 * 1000;
export const NODE_NAME_MAX = 40;
export const NODE_VERSION_MAX = 32;
/** The most tests the speed-history chart shows (the current cycle's newest). */
export const SPEED_HISTORY_MAX = 1000;

/** An extension installation, or a browser page that ran a test itself. */
export const NODE_KINDS = ['extension', 'browser'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const NODE_MESSAGES = defineTexts('nodeMessages', {
  registered: 'Node registered',
  renamed: 'Node renamed',
  removed: 'Node removed. Its extension is signed out; its tests stay in your history.',
  /** A browser node has no session of its own to sign out. */
  removedBrowser: 'Node removed. Its tests stay in your history.',
  heartbeat: 'Heartbeat received',
  unknown: 'No node of yours has this id',
  /** A removed node's id is not registered again: a new installation gets a new id. */
  wasRemoved:
    'This node was removed from your account. Add it again from the extension popup to use it.',
  /** The English of NODE_MESSAGE_TEMPLATES.limitReached, for the command line and the tests. */
  limitReached: (limit: number) =>
    `You already have ${limit} ${limit === 1 ? 'node' : 'nodes'}, the most an account can have. Remove one on the Nodes page to add this one.`,
  /** A node id another account registered (its ids are random: a copied id, not a clash). */
  belongsToAnother: 'This node id is registered to another account',
  notANodeSession: 'Only a node signed in as itself sends heartbeats',
  nameRequired: 'Give the node a name',
  nameTooLong: `A node name has at most ${NODE_NAME_MAX} characters`,
  nodeIdInvalid: 'nodeId must be the id the node created for itself',
  nodeRefreshRefused: 'This node is signed out. Sign in on the dashboard to use it again.',
  /**
   * The refresh token was exchanged a moment ago (two refreshes at once): the
   * other answer carries the new token. Keep that one; this one is spent.
   */
  refreshRaced: 'This refresh token was just exchanged: use the token the other answer gave',
});

/** The node texts whose words depend on a value: the server formats them in the account's language. */
export const NODE_MESSAGE_TEMPLATES = defineMessages({
  limitReached: {
    id: 'nodeMessageTemplates.limitReached',
    defaultMessage:
      'You already have {limit, plural, one {# node} other {# nodes}}, the most an account can have. Remove one on the Nodes page to add this one.',
  },
});

export const nodeIdSchema = z.uuid({ error: NODE_MESSAGES.nodeIdInvalid });

export const nodeNameSchema = z
  .string({ error: NODE_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: NODE_MESSAGES.nameRequired })
  .max(NODE_NAME_MAX, { error: NODE_MESSAGES.nameTooLong });

const versionSchema = z
  .string()
  .trim()
  .max(NODE_VERSION_MAX, { error: `version has at most ${NODE_VERSION_MAX} characters` });

/** A test's result as the server measured it. */
export const speedResultSchema = z.object({
  download_mbps: z.number(),
  upload_mbps: z.number(),
  /** The least round trip the server saw on the ndt7 connection; null when none was seen. */
  latency_ms: z.number().nullable(),
  completed_at: z.string(),
});
export type SpeedResult = z.infer<typeof speedResultSchema>;

/** GET /v1/api/nodes items (and what register, rename and heartbeat answer). */
export const nodeSchema = z.object({
  id: z.string(),
  kind: z.enum(NODE_KINDS),
  name: z.string(),
  version: z.string().nullable(),
  /** Seen within NODE_ONLINE_WINDOW_MS. */
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  /** Tests this node had credited since the start of this UTC day. */
  tests_today: z.number().int(),
  /** SPEEDTEST_DAILY_LIMIT, the account's limit that all its nodes share. */
  daily_limit: z.number().int(),
  /** When the node plans its next test, as its last heartbeat said. */
  next_test_at: z.string().nullable(),
  last_result: speedResultSchema.nullable(),
  /** Bytes this node's tests earned in the current cycle. */
  cycle_points: z.number(),
});
export type NetworkNode = z.infer<typeof nodeSchema>;

/** GET /v1/api/nodes: the account's nodes, oldest first, and the limit. */
export const nodeListSchema = z.object({
  nodes: z.array(nodeSchema),
  limit: z.number().int(),
});
export type NodeList = z.infer<typeof nodeListSchema>;

/**
 * POST /v1/api/nodes: register this installation (again: the same id of the
 * same account answers the node as it is). An extension node gets a session
 * of its own, so removing the node signs out that extension and nothing else.
 */
export const registerNodeRequestSchema = z.object({
  nodeId: nodeIdSchema,
  kind: z.enum(NODE_KINDS, { error: `kind must be one of ${NODE_KINDS.join(', ')}` }),
  name: nodeNameSchema,
  version: versionSchema.optional(),
});
export type RegisterNodeRequest = z.infer<typeof registerNodeRequestSchema>;

/** A node's own session: an access token, and a refresh token it keeps (extension nodes only). */
export const nodeSessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type NodeSession = z.infer<typeof nodeSessionSchema>;

export const registeredNodeSchema = z.object({
  node: nodeSchema,
  session: nodeSessionSchema.nullable(),
});
export type RegisteredNode = z.infer<typeof registeredNodeSchema>;

/** POST /v1/api/nodes/refresh-token (public): rotates a node's refresh token. */
export const nodeRefreshRequestSchema = z.object({
  nodeId: nodeIdSchema,
  refreshToken: z.string().min(1).max(200),
});
export type NodeRefreshRequest = z.infer<typeof nodeRefreshRequestSchema>;

/** PATCH /v1/api/nodes/:nodeId. */
export const renameNodeRequestSchema = z.object({ name: nodeNameSchema });
export type RenameNodeRequest = z.infer<typeof renameNodeRequestSchema>;

export const nodeParamsSchema = z.object({ nodeId: nodeIdSchema });

/** POST /v1/api/nodes/heartbeat, sent with the node's own session. */
export const nodeHeartbeatRequestSchema = z.object({
  version: versionSchema.optional(),
  /** The node's next planned test, or null when none is planned (signed out, limit reached). */
  nextTestAt: z.iso.datetime({ error: 'nextTestAt must be an ISO date-time' }).nullable(),
});
export type NodeHeartbeatRequest = z.infer<typeof nodeHeartbeatRequestSchema>;

/**
 * POST /v1/api/speedtests body: a browser node names itself; an extension node
 * is its session. No body at all is {} (the server sees a missing body as null).
 */
export const openSpeedtestRequestSchema = z
  .object({ nodeId: nodeIdSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type OpenSpeedtestRequest = z.infer<typeof openSpeedtestRequestSchema>;

/**
 * GET /v1/api/points/:testId/receipt: a test's points factor by factor. Nothing
 * of another account: an address shared with another account says only that.
 */
export const speedtestReceiptSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  node_name: z.string().nullable(),
  download_mbps: z.number().nullable(),
  upload_mbps: z.number().nullable(),
  latency_ms: z.number().nullable(),
  base_points: z.number(),
  /** x2 when no other account completed a test from the address in the 24 hours before. */
  unique_ip: z.object({ multiplier: z.number(), applied: z.boolean() }),
  /** x2 when the test shared a location. */
  location: z.object({ multiplier: z.number(), applied: z.boolean() }),
  /** The Elite Role boost the test was credited with, null when none. */
  boost: z.number().nullable(),
  points: z.number(),
  /** Bytes this test paid the user's referrer as commission; null when it paid none. */
  referrer_commission: z.number().nullable(),
});
export type SpeedtestReceipt = z.infer<typeof speedtestReceiptSchema>;

export const speedtestParamsSchema = z.object({
  testId: z.uuid({ error: 'testId must be the id of one of your tests' }),
});

/** GET /v1/api/points/history?nodeId: the current cycle's tests, oldest first. */
export const speedHistoryQuerySchema = z.object({ nodeId: nodeIdSchema.optional() });
export type SpeedHistoryQuery = z.infer<typeof speedHistoryQuerySchema>;
export const speedHistoryPointSchema = z.object({
  created_at: z.string(),
  download_mbps: z.number(),
  upload_mbps: z.number(),
  node_id: z.string().nullable(),
});
export const speedHistorySchema = z.object({
  points: z.array(speedHistoryPointSchema),
});
export type SpeedHistory = z.infer<typeof speedHistorySchema>;

/** GET /v1/api/transactions/export: the list's filters, without paging. */
export const transactionsExportQuerySchema = withDateRange({ season: seasonFilterSchema });
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;

/**
 * GET /v1/api/points/export: the network statistics, optionally one node's, between days;
 * `hideIp=true` (the table's Hide IP Address switch) leaves the IP address column out.
 */
export const pointsExportQuerySchema = withDateRange({
  nodeId: nodeIdSchema.optional(),
  hideIp: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type PointsExportQuery = z.infer<typeof pointsExportQuerySchema>;
