/**
 * What nodes and tests show of each other: a test opened by an extension node
 * (its own session) or by a browser node (named in the body) is that node's,
 * with real ndt7 speeds in the network statistics and the node list; the
 * receipt of a test, factor by factor; the speed history of the cycle.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  NODE_MESSAGES,
  POINTS_MESSAGES,
  speedHistorySchema,
  speedtestReceiptSchema,
} from '@netpulse/shared';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { signedInPerson } from '../helpers/auth-flow.ts';
import { ndt7Download, ndt7Upload } from '../helpers/ndt7-client.ts';
import { browserNode, nodeList, removeNode, signedInNode } from '../helpers/nodes.ts';
import {
  call,
  completeSpeedtest,
  measuredSpeedtest,
  renewSession,
  SOMEWHERE,
  userIdOf,
} from '../helpers/points.ts';
import {
  BACK_TO_BACK_SPEEDTESTS,
  creditedTests,
  signedInMember,
  signedInReferee,
} from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS, ndt7DurationMs: 500 });

/** Opens a test with `opener`'s session (and body), runs both ndt7 directions for real, completes it. */
async function realTest(
  local: (url: string) => string,
  opener: { accessToken: string },
  body?: { nodeId: string },
) {
  const opened = await call(t, opener, 'POST', '/speedtests', body ? { payload: body } : {});
  expect(opened.statusCode, opened.body).toBe(200);
  const { testId, downloadUrl, uploadUrl } = opened.json().data;
  expect((await ndt7Download(local(downloadUrl))).closeCode).toBe(1000);
  expect((await ndt7Upload(local(uploadUrl))).closeCode).toBe(1000);
  const completed = await call(t, opener, 'POST', '/points', {
    payload: { testId, ...SOMEWHERE },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json().data;
}

async function listening(): Promise<(url: string) => string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return (url) => url.replace('ws://localhost:8080', `ws://127.0.0.1:${port}`);
}

describe('tests of nodes', () => {
  it('carry the node name and the speeds the server measured, from an extension and from a browser', async () => {
    const local = await listening();
    const person = await signedInPerson(t);
    const extension = await signedInNode(t, person, { name: 'Chrome on Linux' });
    t.clock.advance(1_000); // registered a second apart: the list is oldest first
    const browserId = await browserNode(t, person, 'Firefox on Windows');
    t.clock.advance(20 * 60_000); // both nodes are offline by now
    await renewSession(t, person);
    const { accessToken: extensionToken } = (await refreshNodeSession(extension)).data;

    const fromExtension = await realTest(local, { accessToken: extensionToken });
    expect(fromExtension.node_name).toBe('Chrome on Linux');
    t.clock.advance(1_000);
    const fromBrowser = await realTest(local, person, { nodeId: browserId });
    expect(fromBrowser.node_name).toBe('Firefox on Windows');
    t.clock.advance(1_000);
    const fromNoNode = await realTest(local, person);
    expect(fromNoNode.node_name).toBeNull();

    const rows = (await call(t, person, 'GET', '/points?pageNumber=1&pageSize=10')).json().data;
    expect(rows.map((row: { node_name: string | null }) => row.node_name)).toEqual([
      null,
      'Firefox on Windows',
      'Chrome on Linux',
    ]);
    for (const [row, completed] of [
      [rows[1], fromBrowser],
      [rows[2], fromExtension],
    ]) {
      expect(row.download_mbps).toBeGreaterThan(0);
      expect(row.upload_mbps).toBeGreaterThan(0);
      expect(row.latency_ms).toBeGreaterThan(0);
      expect(row).toEqual({ ...completed });
    }

    // The node list: each node seen by its test, with today's count, result and Bytes.
    const listed = (await nodeList(t, person)).json().data.nodes;
    expect(listed).toMatchObject([
      {
        id: extension.nodeId,
        online: true,
        tests_today: 1,
        cycle_points: 200,
        last_result: {
          download_mbps: fromExtension.download_mbps,
          upload_mbps: fromExtension.upload_mbps,
          latency_ms: fromExtension.latency_ms,
          completed_at: fromExtension.created_at,
        },
      },
      {
        id: browserId,
        online: true,
        tests_today: 1,
        cycle_points: 200,
        last_result: { download_mbps: fromBrowser.download_mbps },
      },
    ]);
  });

  it('refuses a body naming no live browser node of the user with 404, and opens nothing', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const othersBrowser = await browserNode(t, other);
    const extension = await signedInNode(t, person);
    const removedBrowser = await browserNode(t, person);
    const removal = await removeNode(t, person, removedBrowser);
    // A browser node has no extension to sign out, and its message says none.
    expect(removal.json()).toEqual({ success: true, message: NODE_MESSAGES.removedBrowser });
    for (const nodeId of [randomUUID(), othersBrowser, extension.nodeId, removedBrowser]) {
      const response = await call(t, person, 'POST', '/speedtests', { payload: { nodeId } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: NODE_MESSAGES.unknown });
    }
    const malformed = await call(t, person, 'POST', '/speedtests', { payload: { nodeId: 'x' } });
    expect(malformed.statusCode).toBe(400);
    const opened = await t.database.db
      .select()
      .from(speedtests)
      .where(eq(speedtests.userId, await userIdOf(t, person)));
    expect(opened).toEqual([]);
  });

  it('keeps a removed node’s tests, with its name, in the statistics', async () => {
    const person = await signedInPerson(t);
    const extension = await signedInNode(t, person, { name: 'Old laptop' });
    const testId = await measuredSpeedtest(t, { ...person, accessToken: extension.accessToken });
    expect((await completeSpeedtest(t, { ...person, ...extension }, { testId })).statusCode).toBe(
      200,
    );
    expect((await removeNode(t, person, extension.nodeId)).statusCode).toBe(200);
    const rows = (await call(t, person, 'GET', '/points?pageNumber=1&pageSize=10')).json().data;
    expect(rows).toMatchObject([{ id: testId, node_name: 'Old laptop', download_mbps: 10 }]);
  });
});

function refreshNodeSession(node: { nodeId: string; refreshToken: string }) {
  return t.app
    .inject({ method: 'POST', url: '/v1/api/nodes/refresh-token', payload: node })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    });
}

const receipt = (person: { accessToken: string }, testId: string) =>
  call(t, person, 'GET', `/points/${testId}/receipt`);

describe('GET /points/:testId/receipt', () => {
  it('explains a test slashed for an address another account used, without naming it', async () => {
    const first = await signedInPerson(t);
    const second = await signedInPerson(t);
    await creditedTests(t, first, 1, { remoteAddress: '203.0.113.7' });
    const nodeId = await browserNode(t, second, 'Kitchen tablet');
    const opened = await call(t, second, 'POST', '/speedtests', {
      payload: { nodeId },
      remoteAddress: '203.0.113.7',
    });
    const testId: string = opened.json().data.testId;
    const { startDirection, recordDirection } =
      await import('../../src/modules/speedtests/speedtests-repository.ts');
    for (const direction of ['download', 'upload'] as const) {
      await startDirection(t.database.db, testId, direction, t.clock.now());
      const result = { bytes: 25_000_000, elapsedUs: 10_000_000, latencyMs: 8.25 };
      await recordDirection(t.database.db, testId, direction, result, t.clock.now());
    }
    const completed = await completeSpeedtest(t, second, { testId }, '203.0.113.7');
    expect(completed.json().data).toMatchObject({ is_ip_slashing: true, points: 50 });

    const response = await receipt(second, testId);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = dataEnvelope(speedtestReceiptSchema.strict()).strict().parse(response.json());
    expect(data).toEqual({
      id: testId,
      created_at: t.clock.now().toISOString(),
      node_name: 'Kitchen tablet',
      download_mbps: 20,
      upload_mbps: 20,
      latency_ms: 8.25,
      base_points: 50,
      unique_ip: { multiplier: 2, applied: false },
      location: { multiplier: 2, applied: false },
      boost: null,
      points: 50,
      referrer_commission: null,
    });
    expect(response.body).not.toContain(first.username);
  });

  it("shows the referee's test the commission it paid, and the boost it had", async () => {
    const referrer = await signedInMember(t);
    const referee = await signedInReferee(t, referrer);
    // 15 credited tests qualify the referral (the bonus); the next pays a commission.
    await creditedTests(t, referee, 15, { location: SOMEWHERE });
    await runAdminCommand(t.database.db, ['user', 'boost', referee.username, '1.5'], t.clock.now());
    const testId = await measuredSpeedtest(t, referee, '198.51.100.2');
    const completed = await completeSpeedtest(t, referee, { testId, ...SOMEWHERE }, '198.51.100.2');
    expect(completed.json().data.points).toBe(300);
    const [commission] = await t.database.db
      .select()
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.idempotencyKey, `commission:${testId}`),
          eq(pointTransactions.userId, referrer.id),
        ),
      );
    expect(commission?.pointsEarned).toBe(30);

    const { data } = (await receipt(referee, testId)).json();
    expect(data).toMatchObject({
      unique_ip: { multiplier: 2, applied: true },
      location: { multiplier: 2, applied: true },
      boost: 1.5,
      points: 300,
      referrer_commission: 30,
      node_name: null,
    });
  });

  it('answers 404 for a test not credited to the user, and 400 for a malformed id', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    await creditedTests(t, other, 1);
    const othersTest = (await call(t, other, 'GET', '/points?pageNumber=1&pageSize=1')).json()
      .data[0].id;
    const uncompleted = await measuredSpeedtest(t, person);
    for (const testId of [othersTest, uncompleted, randomUUID()]) {
      const response = await receipt(person, testId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: POINTS_MESSAGES.creditedTestUnknown,
      });
    }
    const malformed = await receipt(person, 'drop-table');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({
      testId: ['testId must be the id of one of your tests'],
    });
  });
});

describe('GET /points/history', () => {
  it("lists the cycle's credited tests oldest first, all nodes or one node's", async () => {
    const person = await signedInPerson(t);
    const nodeId = await browserNode(t, person);
    const ofNode: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(60_000);
      await renewSession(t, person);
      const opened = await call(t, person, 'POST', '/speedtests', {
        payload: i === 1 ? {} : { nodeId },
      });
      const testId = opened.json().data.testId;
      const { startDirection, recordDirection } =
        await import('../../src/modules/speedtests/speedtests-repository.ts');
      for (const direction of ['download', 'upload'] as const) {
        await startDirection(t.database.db, testId, direction, t.clock.now());
        const result = { bytes: 1_250_000 * (i + 1), elapsedUs: 1_000_000, latencyMs: 5 };
        await recordDirection(t.database.db, testId, direction, result, t.clock.now());
      }
      expect((await completeSpeedtest(t, person, { testId })).statusCode).toBe(200);
      if (i !== 1) ofNode.push(t.clock.now().toISOString());
    }
    // A test opened but never completed is not in the history.
    await measuredSpeedtest(t, person);

    const all = await call(t, person, 'GET', '/points/history');
    expect(all.statusCode, all.body).toBe(200);
    const { data } = dataEnvelope(speedHistorySchema.strict()).strict().parse(all.json());
    expect(data.points.map((p) => [p.download_mbps, p.upload_mbps, p.node_id])).toEqual([
      [10, 10, nodeId],
      [20, 20, null],
      [30, 30, nodeId],
    ]);
    const oneNode = (await call(t, person, 'GET', `/points/history?nodeId=${nodeId}`)).json().data;
    expect(oneNode.points.map((p: { created_at: string }) => p.created_at)).toEqual(ofNode);

    // A new cycle starts the history again.
    t.clock.advance(1_000);
    const started = await runAdminCommand(
      t.database.db,
      ['season', 'start', 'Mega'],
      t.clock.now(),
    );
    expect(started.exitCode).toBe(0);
    await renewSession(t, person);
    expect((await call(t, person, 'GET', '/points/history')).json().data.points).toEqual([]);
  });

  it("answers 404 for another account's node and 400 for a malformed one", async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const othersNode = await browserNode(t, other);
    const foreign = await call(t, person, 'GET', `/points/history?nodeId=${othersNode}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: NODE_MESSAGES.unknown });
    const malformed = await call(t, person, 'GET', '/points/history?nodeId=1');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json().errors)).toContain(NODE_MESSAGES.nodeIdInvalid);
  });
});
