/**
 * Nodes (docs/decisions/018): registering within NODE_LIMIT, an extension
 * node's own session (its refresh in the body, its heartbeats), renaming, and
 * removal, which signs that extension out and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  NODE_MESSAGES,
  NODE_NAME_MAX,
  NODE_ONLINE_WINDOW_MS,
  nodeListSchema,
  nodeSessionSchema,
  registeredNodeSchema,
  SERVER_MESSAGES,
} from '@netpulse/shared';
import { refreshFamilies } from '../../src/db/tables/auth-tables.ts';
import { nodes } from '../../src/db/tables/nodes-tables.ts';
import { profile, signedInPerson } from '../helpers/auth-flow.ts';
import {
  browserNode,
  heartbeat,
  nodeList,
  refreshNode,
  registerNode,
  removeNode,
  renameNode,
  signedInNode,
} from '../helpers/nodes.ts';
import { call, renewSession, userIdOf } from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { SPEEDTEST_MIN_INTERVAL_S: '0' } });

const MINUTE_MS = 60_000;

describe('registering nodes', () => {
  it('registers an extension node with a session of its own, and lists it online', async () => {
    const person = await signedInPerson(t);
    const nodeId = randomUUID();
    const response = await registerNode(t, person, {
      nodeId,
      name: 'Chrome on Linux',
      version: '1.2.0',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = dataEnvelope(registeredNodeSchema.strict()).strict().parse(response.json());
    expect(body.message).toBe(NODE_MESSAGES.registered);
    expect(body.data.node).toEqual({
      id: nodeId,
      kind: 'extension',
      name: 'Chrome on Linux',
      version: '1.2.0',
      online: true,
      last_seen_at: t.clock.now().toISOString(),
      created_at: t.clock.now().toISOString(),
      tests_today: 0,
      daily_limit: 4,
      next_test_at: null,
      last_result: null,
      cycle_points: 0,
    });
    // The node's session is its own: a new refresh family, stored on the node.
    const session = nodeSessionSchema.parse(body.data.session);
    const [row] = await t.database.db.select().from(nodes).where(eq(nodes.id, nodeId));
    expect(row?.refreshFamilyId).toEqual(expect.any(String));
    expect((await profile(t, session.accessToken)).statusCode).toBe(200);

    const list = await nodeList(t, person);
    const listed = dataEnvelope(nodeListSchema).parse(list.json()).data;
    expect(listed).toEqual({ nodes: [body.data.node], limit: 5 });
  });

  it('gives a browser node no session', async () => {
    const person = await signedInPerson(t);
    const nodeId = await browserNode(t, person, 'Firefox on Windows');
    const [row] = await t.database.db.select().from(nodes).where(eq(nodes.id, nodeId));
    expect(row).toMatchObject({ kind: 'browser', refreshFamilyId: null });
  });

  it('refuses a sixth node with the message naming 5, and removing one frees a place', async () => {
    const person = await signedInPerson(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1_000);
      const nodeId = randomUUID();
      const kind = i % 2 === 0 ? 'extension' : 'browser';
      expect((await registerNode(t, person, { nodeId, kind, name: `Node ${i}` })).statusCode).toBe(
        200,
      );
      ids.push(nodeId);
    }
    const sixth = await registerNode(t, person);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ success: false, message: NODE_MESSAGES.limitReached(5) });
    expect(sixth.json().message).toContain('5 nodes');

    // Oldest first.
    const listed = (await nodeList(t, person)).json().data;
    expect(listed.nodes.map((node: { id: string }) => node.id)).toEqual(ids);

    expect((await removeNode(t, person, ids[2]!)).statusCode).toBe(200);
    expect((await registerNode(t, person)).statusCode).toBe(200);
    expect((await registerNode(t, person)).statusCode).toBe(409);
  });

  it('follows NODE_LIMIT', async () => {
    const { createTestApp } = await import('../helpers/test-app.ts');
    const small = await createTestApp({ env: { NODE_LIMIT: '1' } });
    try {
      const person = await signedInPerson(small);
      expect((await registerNode(small, person)).statusCode).toBe(200);
      const second = await registerNode(small, person);
      expect(second.json()).toEqual({ success: false, message: NODE_MESSAGES.limitReached(1) });
      expect((await nodeList(small, person)).json().data.limit).toBe(1);
    } finally {
      await small.close();
    }
  });

  it('cannot pass the limit with registrations at once', async () => {
    const person = await signedInPerson(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        registerNode(t, person, { kind: i % 2 === 0 ? 'extension' : 'browser' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    const userId = await userIdOf(t, person);
    const stored = await t.database.db.select().from(nodes).where(eq(nodes.userId, userId));
    expect(stored).toHaveLength(5);
  });

  it('answers the same node again to the same account, with a new session replacing the old', async () => {
    const person = await signedInPerson(t);
    const first = await signedInNode(t, person, { name: 'Chrome on Linux', version: '1.0.0' });
    await renameNode(t, person, first.nodeId, { name: 'Work laptop' });
    t.clock.advance(MINUTE_MS);

    const again = await registerNode(t, person, {
      nodeId: first.nodeId,
      name: 'Chrome on Linux',
      version: '1.1.0',
    });
    expect(again.statusCode, again.body).toBe(200);
    const { node, session } = again.json().data;
    // The same node: its name (renamed) and creation kept, its version new.
    expect(node).toMatchObject({ id: first.nodeId, name: 'Work laptop', version: '1.1.0' });
    expect(node.created_at).not.toBe(t.clock.now().toISOString());
    expect((await nodeList(t, person)).json().data.nodes).toHaveLength(1);

    // Only the newest sign-in holds the node's tokens.
    expect(session.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(t, first.accessToken)).statusCode).toBe(401);
    expect((await refreshNode(t, first)).statusCode).toBe(401);
    expect((await profile(t, session.accessToken)).statusCode).toBe(200);
    expect((await refreshNode(t, { nodeId: first.nodeId, ...session })).statusCode).toBe(200);
  });

  it("refuses another account's node id, and a removed node's id", async () => {
    const owner = await signedInPerson(t);
    const other = await signedInPerson(t);
    const node = await signedInNode(t, owner);

    const taken = await registerNode(t, other, { nodeId: node.nodeId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: NODE_MESSAGES.belongsToAnother });

    expect((await removeNode(t, owner, node.nodeId)).statusCode).toBe(200);
    const removed = await registerNode(t, owner, { nodeId: node.nodeId });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ success: false, message: NODE_MESSAGES.wasRemoved });
    expect((await registerNode(t, other, { nodeId: node.nodeId })).json().message).toBe(
      NODE_MESSAGES.belongsToAnother,
    );
  });

  it('answers bad bodies with 400 and the contract messages, changing nothing', async () => {
    const person = await signedInPerson(t);
    const cases = [
      [{ nodeId: 'node-1', kind: 'extension', name: 'A' }, NODE_MESSAGES.nodeIdInvalid],
      [
        { nodeId: randomUUID(), kind: 'phone', name: 'A' },
        'kind must be one of extension, browser',
      ],
      [{ nodeId: randomUUID(), kind: 'browser', name: '   ' }, NODE_MESSAGES.nameRequired],
      [
        { nodeId: randomUUID(), kind: 'browser', name: 'x'.repeat(NODE_NAME_MAX + 1) },
        NODE_MESSAGES.nameTooLong,
      ],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await call(t, person, 'POST', '/nodes', { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json().errors)).toContain(message);
    }
    expect((await nodeList(t, person)).json().data.nodes).toEqual([]);
  });
});

describe("a node's own session", () => {
  it('rotates its refresh token from the body; a replay after the grace window revokes it', async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);

    const first = await refreshNode(t, node);
    expect(first.statusCode, first.body).toBe(200);
    const rotated = dataEnvelope(nodeSessionSchema.strict()).parse(first.json()).data;
    expect(rotated.refreshToken).not.toBe(node.refreshToken);

    // Within the grace window: two refreshes at once; the other answer holds the token.
    const raced = await refreshNode(t, node);
    expect(raced.statusCode).toBe(409);
    expect(raced.json().message).toBe(NODE_MESSAGES.refreshRaced);

    t.clock.advance(MINUTE_MS);
    const replay = await refreshNode(t, node);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, message: NODE_MESSAGES.nodeRefreshRefused });
    // The replay revoked the whole session: the rotated token is refused too.
    expect((await refreshNode(t, { nodeId: node.nodeId, ...rotated })).statusCode).toBe(401);
    // The web session is another family, untouched.
    await renewSession(t, person);
    expect((await nodeList(t, person)).statusCode).toBe(200);
  });

  it("takes only the token of that node's own session", async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);
    const other = await signedInNode(t, person);
    // The web session's (cookie) token, and another node's token, are not this node's.
    expect(
      (await refreshNode(t, { nodeId: node.nodeId, refreshToken: person.refreshToken })).statusCode,
    ).toBe(401);
    expect(
      (await refreshNode(t, { nodeId: node.nodeId, refreshToken: other.refreshToken })).statusCode,
    ).toBe(401);
    expect(
      (await refreshNode(t, { nodeId: randomUUID(), refreshToken: node.refreshToken })).statusCode,
    ).toBe(401);
    // Refused without rotating: the node's own token still works.
    expect((await refreshNode(t, node)).statusCode).toBe(200);
  });
});

describe('heartbeats', () => {
  it('set last seen, version and next test; online turns offline by the clock', async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person, { version: '1.0.0' });
    t.clock.advance(10 * MINUTE_MS);
    await renewSession(t, person);
    const nextTestAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();

    const beat = await heartbeat(t, node, { version: '1.0.1', nextTestAt });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(beat.json()).toMatchObject({
      success: true,
      message: NODE_MESSAGES.heartbeat,
      data: {
        id: node.nodeId,
        version: '1.0.1',
        online: true,
        last_seen_at: t.clock.now().toISOString(),
        next_test_at: nextTestAt,
      },
    });

    t.clock.advance(NODE_ONLINE_WINDOW_MS);
    await renewSession(t, person);
    expect((await nodeList(t, person)).json().data.nodes[0]).toMatchObject({ online: true });
    t.clock.advance(1_000);
    await renewSession(t, person);
    expect((await nodeList(t, person)).json().data.nodes[0]).toMatchObject({
      online: false,
      last_seen_at: new Date(t.clock.now().getTime() - NODE_ONLINE_WINDOW_MS - 1_000).toISOString(),
    });
  });

  it('come only from a node signed in as itself: the web session gets 403', async () => {
    const person = await signedInPerson(t);
    await signedInNode(t, person);
    const response = await heartbeat(t, person);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: NODE_MESSAGES.notANodeSession });
  });

  it('are limited to a few per five minutes for each node', async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);
    const other = await signedInNode(t, person);
    for (let i = 0; i < 5; i += 1) expect((await heartbeat(t, node)).statusCode).toBe(200);
    expect((await heartbeat(t, node)).statusCode).toBe(429);
    // Another node from the same address has its own count.
    expect((await heartbeat(t, other)).statusCode).toBe(200);
  });

  it('refuse a bad next test time with 400', async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);
    const response = await call(t, node, 'POST', '/nodes/heartbeat', {
      payload: { nextTestAt: 'tomorrow' },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain('nextTestAt must be an ISO date-time');
  });
});

describe('renaming', () => {
  it('renames a live node of the user, with the contract messages for a bad name', async () => {
    const person = await signedInPerson(t);
    const nodeId = await browserNode(t, person);

    const renamed = await renameNode(t, person, nodeId, { name: '  Living room  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: NODE_MESSAGES.renamed,
      data: { id: nodeId, name: 'Living room' },
    });

    for (const [name, message] of [
      ['', NODE_MESSAGES.nameRequired],
      ['x'.repeat(NODE_NAME_MAX + 1), NODE_MESSAGES.nameTooLong],
    ] as const) {
      const response = await renameNode(t, person, nodeId, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ name: [message] });
    }
    const badId = await renameNode(t, person, 'not-a-node', { name: 'A' });
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json().errors)).toContain(NODE_MESSAGES.nodeIdInvalid);
    expect((await nodeList(t, person)).json().data.nodes[0].name).toBe('Living room');
  });

  it("answers 404 for an unknown id, another account's node and a removed one", async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const othersNode = await browserNode(t, other);
    const removed = await browserNode(t, person);
    await removeNode(t, person, removed);
    for (const nodeId of [randomUUID(), othersNode, removed]) {
      const response = await renameNode(t, person, nodeId, { name: 'Mine now' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: NODE_MESSAGES.unknown });
    }
    expect((await nodeList(t, other)).json().data.nodes[0].name).toBe('Firefox on Windows');
  });
});

describe('removing a node', () => {
  it('signs its extension out and nothing else; the node leaves the list, its row stays', async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);
    const kept = await signedInNode(t, person);
    expect((await heartbeat(t, node)).statusCode).toBe(200);

    const removed = await removeNode(t, person, node.nodeId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: NODE_MESSAGES.removed });

    // Its access token fails like any revoked session's, on every signed-in route.
    for (const response of [
      await heartbeat(t, node),
      await nodeList(t, node),
      await call(t, node, 'POST', '/speedtests'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: SERVER_MESSAGES.unauthorized });
    }
    const refreshed = await refreshNode(t, node);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual({ success: false, message: NODE_MESSAGES.nodeRefreshRefused });

    // The web session and the other node carry on.
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    expect((await heartbeat(t, kept)).statusCode).toBe(200);
    const listed = (await nodeList(t, person)).json().data.nodes;
    expect(listed.map((n: { id: string }) => n.id)).toEqual([kept.nodeId]);

    const [row] = await t.database.db.select().from(nodes).where(eq(nodes.id, node.nodeId));
    expect(row?.removedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const [family] = await t.database.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.id, row!.refreshFamilyId!));
    expect(family?.revokedReason).toBe('node-removed');

    // Removed once: a second removal is a 404.
    expect((await removeNode(t, person, node.nodeId)).statusCode).toBe(404);
  });

  it("answers 404 for another account's node and leaves it alone", async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const node = await signedInNode(t, other);
    const response = await removeNode(t, person, node.nodeId);
    expect(response.statusCode).toBe(404);
    expect((await heartbeat(t, node)).statusCode).toBe(200);
  });
});
