/**
 * Migration 0008 (docs/decisions/026): sessions written before they had a kind,
 * by plain SQL on a database migrated up to 0007, come out of the server's own
 * migration with the kind they always were: an extension node's family `node`,
 * a login's `web`. The tokens those sessions already hold (access tokens
 * without the kind claim, refresh tokens) keep exactly their session's powers.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { rowsOf } from '../../src/db/batched-read.ts';
import { hashToken, newSecretToken } from '../../src/lib/random-codes.ts';
import { refresh } from '../helpers/auth-flow.ts';
import { databaseMigratedTo } from '../helpers/database-at-migration.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { heartbeat, refreshNode } from '../helpers/nodes.ts';
import { call } from '../helpers/points.ts';
import { accessTokenWithoutKind } from '../helpers/session-tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const NOW = '2026-03-10T12:00:00.000Z';
const EXPIRES = '2026-04-01T00:00:00.000Z';

/** One user's sessions as the schema before 0008 held them. */
interface OldSessions {
  userId: number;
  webFamily: string;
  webRefreshToken: string;
  nodeId: string;
  nodeFamily: string;
  nodeRefreshToken: string;
}

const first = <Row>(result: unknown) => rowsOf<Row>(result)[0]!;

async function insertOldSessions(db: TestApp['database']['db']): Promise<OldSessions> {
  const { id: userId } = first<{ id: number }>(
    await db.execute(sql`insert into users (email, username, password_hash, referral_code)
      values ('old@example.com', 'old_sessions', 'not-a-hash', 'OLDCODE1') returning id`),
  );
  const family = async (refreshToken: string) => {
    const { id } = first<{ id: string }>(
      await db.execute(sql`insert into refresh_families (user_id, expires_at)
        values (${userId}, ${EXPIRES}) returning id`),
    );
    await db.execute(sql`insert into refresh_tokens (family_id, token_hash)
      values (${id}, ${hashToken(refreshToken)})`);
    return id;
  };
  const webRefreshToken = newSecretToken();
  const nodeRefreshToken = newSecretToken();
  const webFamily = await family(webRefreshToken);
  const nodeFamily = await family(nodeRefreshToken);
  const nodeId = randomUUID();
  await db.execute(sql`insert into nodes (id, user_id, kind, name, created_at, refresh_family_id)
    values (${nodeId}, ${userId}, 'extension', 'Chrome on Linux', ${NOW}, ${nodeFamily})`);
  // A browser node has no session of its own: nothing of it is a family.
  await db.execute(sql`insert into nodes (id, user_id, kind, name, created_at)
    values (${randomUUID()}, ${userId}, 'browser', 'Firefox on Windows', ${NOW})`);
  return { userId, webFamily, webRefreshToken, nodeId, nodeFamily, nodeRefreshToken };
}

describe('migration 0008: the kind of every session', () => {
  let t: TestApp;
  let old: OldSessions;

  beforeAll(async () => {
    const database = await databaseMigratedTo('0007_operator_console');
    // The app migrates as it starts: the sessions go in before, through the old schema.
    old = await insertOldSessions(database.db);
    t = await createTestApp({ database, now: NOW });
  }, 120_000);

  afterAll(async () => {
    await expectLedgerInvariant(t.database);
    await t.close();
  });

  it("marks the extension node's family node and the login's web", async () => {
    const result = await t.database.db.execute(
      sql`select id, kind from refresh_families where user_id = ${old.userId}`,
    );
    const kinds = Object.fromEntries(
      rowsOf<{ id: string; kind: string }>(result).map((row) => [row.id, row.kind]),
    );
    expect(kinds).toEqual({ [old.webFamily]: 'web', [old.nodeFamily]: 'node' });
  });

  it("keeps a node's access token from before to the node's routes, and a login's to all", async () => {
    const node = {
      accessToken: await accessTokenWithoutKind(t, {
        userId: old.userId,
        sessionId: old.nodeFamily,
      }),
    };
    const web = {
      accessToken: await accessTokenWithoutKind(t, {
        userId: old.userId,
        sessionId: old.webFamily,
      }),
    };
    const refused = await call(t, node, 'GET', '/transactions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SERVER_MESSAGES.nodeSessionForbidden);
    expect((await heartbeat(t, node)).statusCode).toBe(200);
    expect((await call(t, web, 'GET', '/transactions')).statusCode).toBe(200);
  });

  it("refuses the node's refresh token as the cookie and rotates it through the node's route", async () => {
    expect((await refresh(t, old.nodeRefreshToken)).statusCode).toBe(401);
    const rotated = await refreshNode(t, {
      nodeId: old.nodeId,
      refreshToken: old.nodeRefreshToken,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(decodeJwt(rotated.json().data.accessToken)).toMatchObject({
      sid: old.nodeFamily,
      knd: 'node',
    });
    const cookie = await refresh(t, old.webRefreshToken);
    expect(cookie.statusCode, cookie.body).toBe(200);
    expect(decodeJwt(cookie.json().data.accessToken)).toMatchObject({
      sid: old.webFamily,
      knd: 'web',
    });
  });
});
