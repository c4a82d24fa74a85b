/**
 * The server's side of the node contract (packages/shared schemas/nodes.ts), in
 * memory, behind a fake fetch: the HTTP boundary of the worker's unit tests.
 * It answers like the server does: registration with a dashboard token, a node
 * session of its own, rotation of the refresh token, removal revoking it, the
 * node limit, heartbeats. The real round trip is proven by the browser tests.
 */
import {
  NODE_MESSAGES,
  nodeHeartbeatRequestSchema,
  nodeRefreshRequestSchema,
  registerNodeRequestSchema,
  type ExtensionNotice,
  type NetworkNode,
  type NodeHeartbeatRequest,
  type SpeedtestQuota,
} from '@netpulse/shared';

export const FAKE_ORIGIN = 'http://127.0.0.1:8181';

export interface StoredNode {
  node: NetworkNode;
  removed: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, message: 'OK', data });
const refuse = (status: number, message: string) => json(status, { success: false, message });

export function fakeNodeServer(
  options: { limit?: number; now?: () => number; otherAccountsIds?: string[] } = {},
) {
  const limit = options.limit ?? 5;
  const now = options.now ?? (() => Date.UTC(2026, 2, 10, 6));
  const nodes = new Map<string, StoredNode>();
  /** access token -> node id, refresh token -> node id */
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const heartbeats: NodeHeartbeatRequest[] = [];
  /** What GET /nodes/self/notices answers, newest first (the same for every node). */
  let notices: ExtensionNotice[] = [];
  let issued = 0;
  let offline = false;
  /** While set, answers wait for it: a test acts while a request is in flight. */
  let held: Promise<void> | null = null;

  function issueSession(nodeId: string) {
    issued += 1;
    const session = {
      accessToken: `node-access-${issued}`,
      refreshToken: `node-refresh-${issued}`,
    };
    accessTokens.set(session.accessToken, nodeId);
    refreshTokens.set(session.refreshToken, nodeId);
    return session;
  }

  function revoke(nodeId: string) {
    for (const map of [accessTokens, refreshTokens]) {
      for (const [token, owner] of map) if (owner === nodeId) map.delete(token);
    }
  }

  function nodeOfBearer(authorization: string | undefined): StoredNode | undefined {
    const nodeId = accessTokens.get(authorization?.replace(/^Bearer /, '') ?? '');
    return nodeId === undefined ? undefined : nodes.get(nodeId);
  }

  function route(method: string, path: string, authorization: string | undefined, body: unknown) {
    if (method === 'POST' && path === '/v1/api/nodes') {
      // The dashboard's tokens in these tests are named so.
      if (!authorization?.startsWith('Bearer dashboard-')) return refuse(401, 'Unauthorized');
      const request = registerNodeRequestSchema.parse(body);
      const known = nodes.get(request.nodeId);
      if (options.otherAccountsIds?.includes(request.nodeId)) {
        return refuse(409, NODE_MESSAGES.belongsToAnother);
      }
      if (known?.removed) return refuse(409, NODE_MESSAGES.wasRemoved);
      const active = [...nodes.values()].filter((stored) => !stored.removed).length;
      if (!known && active >= limit) return refuse(409, NODE_MESSAGES.limitReached(limit));
      const stored: StoredNode = known ?? {
        removed: false,
        node: {
          id: request.nodeId,
          kind: request.kind,
          name: request.name,
          version: request.version ?? null,
          online: true,
          last_seen_at: new Date(now()).toISOString(),
          created_at: new Date(now()).toISOString(),
          tests_today: 0,
          daily_limit: 4,
          next_test_at: null,
          last_result: null,
          cycle_points: 0,
        },
      };
      nodes.set(request.nodeId, stored);
      return ok({ node: stored.node, session: issueSession(request.nodeId) });
    }
    if (method === 'POST' && path === '/v1/api/nodes/refresh-token') {
      const request = nodeRefreshRequestSchema.parse(body);
      if (refreshTokens.get(request.refreshToken) !== request.nodeId) {
        return refuse(401, NODE_MESSAGES.nodeRefreshRefused);
      }
      // Rotation: the refresh token just used is spent.
      refreshTokens.delete(request.refreshToken);
      return ok(issueSession(request.nodeId));
    }
    const caller = nodeOfBearer(authorization);
    if (!caller) return refuse(401, 'Unauthorized');
    if (method === 'POST' && path === '/v1/api/nodes/heartbeat') {
      const request = nodeHeartbeatRequestSchema.parse(body);
      heartbeats.push(request);
      caller.node = {
        ...caller.node,
        version: request.version ?? caller.node.version,
        next_test_at: request.nextTestAt,
      };
      return ok(caller.node);
    }
    if (method === 'GET' && path === '/v1/api/nodes/self/notices') return ok(notices);
    if (method === 'GET' && path === '/v1/api/speedtests/quota') {
      return ok({
        dailyLimit: 4,
        creditedToday: 0,
        minIntervalSeconds: 600,
        nextOpenAt: new Date(now()).toISOString(),
        resetsAt: new Date(Date.UTC(2026, 2, 11)).toISOString(),
      } satisfies SpeedtestQuota);
    }
    return refuse(404, `No route ${method} ${path}`);
  }

  return {
    requests,
    heartbeats,
    nodes,
    /** The fetch the worker is given. */
    fetch: async (url: string, init: RequestInit): Promise<Response> => {
      if (offline) throw new TypeError('Failed to fetch');
      const path = url.slice(FAKE_ORIGIN.length);
      const authorization = (init.headers as Record<string, string>).Authorization;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const method = init.method ?? 'GET';
      requests.push({ method, path, authorization, body });
      if (held) await held;
      return route(method, path, authorization, body);
    },
    /** Every access token expires (15 minutes passed); refresh tokens stay good. */
    expireAccessTokens: () => accessTokens.clear(),
    /** The dashboard's Remove: the node's tokens are revoked, its id is never registered again. */
    remove(nodeId: string) {
      const stored = nodes.get(nodeId);
      if (stored) stored.removed = true;
      revoke(nodeId);
    },
    rename(nodeId: string, name: string) {
      const stored = nodes.get(nodeId);
      if (stored) stored.node = { ...stored.node, name };
    },
    /** Registers someone else's node of the same account (to fill the limit). */
    addOtherNode(nodeId: string) {
      nodes.set(nodeId, { removed: false, node: { ...placeholderNode, id: nodeId } });
    },
    /** Holds every answer until the returned release is called. */
    hold(): () => void {
      let release = () => {};
      held = new Promise((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    /** The notices the server holds for the node, newest first. */
    setNotices(next: ExtensionNotice[]) {
      notices = next;
    },
    setOffline(value: boolean) {
      offline = value;
    },
    requestsTo: (path: string) => requests.filter((request) => request.path === path),
  };
}

const placeholderNode: NetworkNode = {
  id: '',
  kind: 'extension',
  name: 'Another browser',
  version: null,
  online: false,
  last_seen_at: null,
  created_at: new Date(0).toISOString(),
  tests_today: 0,
  daily_limit: 4,
  next_test_at: null,
  last_result: null,
  cycle_points: 0,
};

export type FakeNodeServer = ReturnType<typeof fakeNodeServer>;
