/**
 * GET /v1/api/account/export (issue 29): one JSON document of everything the product holds
 * about the account (accountExportSchema), its referees masked as the Referral screen masks
 * them, no secret (tokens, hashes, the authenticator's secret, passkeys' keys) and nothing
 * of another account; streamed a chunk at a time (chunks of 7 rows here, so every list
 * crosses chunk boundaries), one export of it at a time per account.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DATA_MESSAGES,
  accountExportSchema,
  type AccountExport,
  type ReferralStatusRow,
  type TransactionRow,
} from '@netpulse/shared';
import { refreshFamilies, users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { ACCOUNT } from '../helpers/account.ts';
import { exportAccount, plantAccountRows, SECRETS } from '../helpers/account-data.ts';
import { browserNode, removeNode, signedInNode } from '../helpers/nodes.ts';
import {
  call,
  completeSpeedtest,
  dailyClaim,
  measuredSpeedtest,
  openSpeedtest,
  SOMEWHERE,
  SOMEWHERE_PLACE,
} from '../helpers/points.ts';
import {
  BACK_TO_BACK_SPEEDTESTS,
  creditedTests,
  signedInMember,
  signedInReferee,
  type Member,
} from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({
  env: { ...BACK_TO_BACK_SPEEDTESTS, RATE_LIMIT_DISABLED: 'true' },
  exportChunkRows: 7,
});

const ADDRESS = '198.51.100.23';

/** Every row of a list, page after page, as the screens read it. */
async function wholeList<Row>(person: Member, path: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const response = await call(t, person, 'GET', `${path}?pageSize=100&pageNumber=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: Row[]; meta: { total_pages: number } };
    rows.push(...body.data);
    if (page >= body.meta.total_pages) return rows;
  }
}

function documentOf(response: LightMyRequestResponse): AccountExport {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const document = JSON.parse(response.body) as AccountExport;
  // Exactly the contract's shape: parsing drops any field it does not name.
  expect(accountExportSchema.parse(document)).toEqual(document);
  return document;
}

/**
 * The person: referred by someone, with a daily claim, credited tests from one address and
 * place, one through an extension node, one opened and never completed, a removed browser
 * node, two referees (one with tests), and rows in every other table. And another account
 * with rows of its own.
 */
async function personWithEverything() {
  const referrer = await signedInMember(t);
  const person = await signedInReferee(t, referrer);
  expect((await dailyClaim(t, person)).statusCode).toBe(200);
  await creditedTests(t, person, 8, { location: SOMEWHERE, remoteAddress: ADDRESS });
  const node = await signedInNode(t, person, { name: 'Kitchen laptop' });
  const asNode = { ...person, accessToken: node.accessToken };
  const nodeTest = await measuredSpeedtest(t, asNode);
  expect((await completeSpeedtest(t, asNode, { testId: nodeTest })).statusCode).toBe(200);
  expect((await openSpeedtest(t, person, ADDRESS)).statusCode).toBe(200);
  const browser = await browserNode(t, person, 'Old tablet');
  expect((await removeNode(t, person, browser)).statusCode).toBe(200);
  const referees = [await signedInReferee(t, person), await signedInReferee(t, person)];
  await creditedTests(t, referees[0]!, 2);
  await plantAccountRows(t, person.id);
  const other = await signedInMember(t);
  await creditedTests(t, other, 2, { remoteAddress: '203.0.113.50' });
  await plantAccountRows(t, other.id);
  return { referrer, person, referees, other, nodeTest };
}

describe('GET /account/export', () => {
  it('holds every section with the person’s rows, referees masked, no secret and nothing of another account', async () => {
    const { referrer, person, referees, other, nodeTest } = await personWithEverything();
    const response = await exportAccount(t, person);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Netpulse-${person.username.replace('_', '-')}-export-2026-03-10.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = documentOf(response);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(document.exported_at).toBe(t.clock.now().toISOString());
    expect(document.profile).toMatchObject({
      id: person.id,
      username: person.username,
      email: person.email,
      referred: true,
      points: row?.points,
      referral_code: row?.referralCode,
      daily_streaks: 1,
      banned_at: null,
    });

    // The ledger is the transaction history, every row of it, in its order.
    const history = await wholeList<TransactionRow>(person, '/transactions');
    expect(history.length).toBeGreaterThan(7);
    expect(document.ledger).toEqual(history);

    // Every test, credited or not, with where it ran and what was measured.
    const tests = await t.database.db
      .select({ id: speedtests.id })
      .from(speedtests)
      .where(eq(speedtests.userId, person.id));
    expect(document.speedtests.map((test) => test.id).sort()).toEqual(
      tests.map((test) => test.id).sort(),
    );
    expect(document.speedtests).toHaveLength(10);
    expect(document.speedtests.filter((test) => test.completed_at === null)).toHaveLength(1);
    const placed = document.speedtests.filter((test) => test.ip_address === ADDRESS);
    expect(placed).toHaveLength(9);
    // Where they ran as stored: the cell and the country, never the coordinates.
    const located = placed.filter(
      (test) =>
        test.location_cell === SOMEWHERE_PLACE.locationCell &&
        test.country === SOMEWHERE_PLACE.country,
    );
    expect(located).toHaveLength(8);
    expect(document.speedtests.every((test) => !('latitude' in test || 'longitude' in test))).toBe(
      true,
    );
    expect(document.speedtests.find((test) => test.id === nodeTest)).toMatchObject({
      node_name: 'Kitchen laptop',
      download_bytes: 12_500_000,
      download_elapsed_us: 10_000_000,
      download_mbps: 10,
      latency_ms: 12.5,
    });

    expect(document.nodes.map((node) => [node.kind, node.name, node.removed_at !== null])).toEqual(
      expect.arrayContaining([
        ['extension', 'Kitchen laptop', false],
        ['browser', 'Old tablet', true],
      ]),
    );
    expect(document.nodes).toHaveLength(2);

    // The referees exactly as the Referral screen lists them: masked addresses.
    const referralScreen = await wholeList<ReferralStatusRow>(person, '/referrals-status');
    expect(document.referrals).toEqual(referralScreen);
    expect(document.referrals.map((referee) => referee.username).sort()).toEqual(
      referees.map((referee) => referee.username).sort(),
    );
    for (const referee of document.referrals) expect(referee.email).toBe('p***@example.com');

    expect(document.quests.progress.map((quest) => quest.quest)).toEqual([
      'discordConnect',
      'youtubeSubscribe',
    ]);
    expect(document.quests.progress[1]?.youtube_channel).toBe(`@channel_${person.id}`);
    expect(document.quests.social_accounts).toEqual([
      {
        platform: 'discord',
        account_id: `discord-${person.id}`,
        username: `disco_${person.id}`,
        linked_at: t.clock.now().toISOString(),
      },
    ]);

    // Every session, the node's too, with the address each was signed in from.
    const sessions = await t.database.db
      .select({ id: refreshFamilies.id })
      .from(refreshFamilies)
      .where(eq(refreshFamilies.userId, person.id));
    expect(document.sessions.map((session) => session.id).sort()).toEqual(
      sessions.map((session) => session.id).sort(),
    );
    expect(document.sessions.map((session) => session.kind).sort()).toEqual(['node', 'web']);
    expect(document.sessions.find((session) => session.kind === 'web')).toMatchObject({
      address: '127.0.0.1',
      network: '127.0.0.0/24',
      browser: 'Unknown browser',
      revoked_at: null,
    });

    expect(document.security_events.map((event) => event.type)).toEqual([
      'passkey_added',
      'password_changed',
    ]);
    expect(document.passkeys).toEqual([
      {
        name: `Laptop of ${person.id}`,
        created_at: expect.any(String),
        last_used_at: t.clock.now().toISOString(),
      },
    ]);
    expect(document.two_factor).toEqual({
      totp: true,
      totp_confirmed_at: t.clock.now().toISOString(),
      recovery_codes_left: 8,
    });

    // No secret, and nothing of the referrer, the referees' addresses or another account.
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    const otherLedger = await t.database.db
      .select({ id: pointTransactions.transactionId })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, other.id));
    for (const hidden of [
      ...Object.values(SECRETS),
      row!.passwordHash,
      referrer.username,
      referrer.email,
      ...referees.map((referee) => referee.email),
      other.username,
      other.email,
      otherRow!.referralCode,
      ...otherLedger.map((credit) => credit.id),
      '203.0.113.50',
    ]) {
      expect(response.body, hidden).not.toContain(hidden);
    }
  });

  it('answers an account with no rows anywhere with empty sections', async () => {
    const person = await signedInMember(t);
    const document = documentOf(await exportAccount(t, person));
    expect(document).toMatchObject({
      ledger: [],
      speedtests: [],
      nodes: [],
      referrals: [],
      quests: { progress: [], social_accounts: [] },
      security_events: [],
      passkeys: [],
      two_factor: { totp: false, totp_confirmed_at: null, recovery_codes_left: 0 },
    });
    expect(document.sessions).toHaveLength(1);
  });

  it('streams a large ledger a chunk at a time: what was read is sent before the rest is read', async () => {
    const person = await signedInMember(t);
    const rows = 3_000;
    await plantLedger(person.id, rows);

    const whole = documentOf(await exportAccount(t, person));
    const stored = await t.database.db
      .select({ id: pointTransactions.transactionId })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, person.id))
      .orderBy(sql`${pointTransactions.createdAt} desc, ${pointTransactions.id} desc`);
    expect(whole.ledger.map((credit) => credit.transaction_id)).toEqual(
      stored.map((credit) => credit.id),
    );
    expect(whole.ledger).toHaveLength(rows);

    // A section read after the ledger fails (its table is gone): the download is cut,
    // never a short document that parses, and the whole ledger had already been sent,
    // so the document was never held whole in memory before it left.
    await t.database.db.execute(sql`alter table passkeys rename to passkeys_hidden`);
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${address}${ACCOUNT}/export`, {
        headers: { authorization: `Bearer ${person.accessToken}` },
      });
      expect(response.status).toBe(200);
      const { text, cut } = await readUntilCut(response);
      expect(cut).toBe(true);
      expect(() => JSON.parse(text)).toThrow();
      const ledger = text.slice(text.indexOf('"ledger":['), text.indexOf(',"speedtests":['));
      expect(ledger.match(/"transaction_id":/g)).toHaveLength(rows);
    } finally {
      await t.database.db.execute(sql`alter table passkeys_hidden rename to passkeys`);
    }
  }, 120_000);

  it('runs one at a time per account; another account’s goes on', async () => {
    const person = await signedInMember(t);
    const other = await signedInMember(t);
    // One export each, so that their sessions' checks are remembered and need no query.
    for (const who of [person, other]) expect((await exportAccount(t, who)).statusCode).toBe(200);

    const stall = await stallLedger();
    const running: Promise<LightMyRequestResponse>[] = [];
    try {
      running.push(exportAccount(t, person));
      await settle();
      const second = await exportAccount(t, person);
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({
        success: false,
        message: ACCOUNT_DATA_MESSAGES.exportRunning,
      });
      running.push(exportAccount(t, other));
      await settle();
    } finally {
      await stall.release();
    }
    for (const response of await Promise.all(running)) documentOf(response);
    // Ended, it gave its slot back.
    documentOf(await exportAccount(t, person));
  });
});

/** `count` quest credits of the user, several at one instant (the chunks' tiebreak), and the cache. */
async function plantLedger(userId: number, count: number) {
  const at = t.clock.now().toISOString();
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into point_transactions
        (transaction_id, user_id, transaction_type, points_earned, details, season_id,
         idempotency_key, created_at)
      select 'tx-' || ${userId}::text || '-' || n, ${userId}::int, 'quest_reward', 1,
             'Planted ' || n, (select id from seasons where is_current),
             'planted:' || ${userId}::text || ':' || n,
             ${at}::timestamptz - ((n / 3) * interval '1 second')
      from generate_series(1, ${count}::int) as n`);
    await tx
      .update(users)
      .set({
        points: sql`${users.points} + ${count}::int`,
        ledgerRows: sql`${users.ledgerRows} + ${count}::int`,
      })
      .where(eq(users.id, userId));
  });
}

/** The response's text as it arrives, and whether the transfer was cut before its end. */
async function readUntilCut(response: Response): Promise<{ text: string; cut: boolean }> {
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const chunk of response.body!) text += decoder.decode(chunk, { stream: true });
    return { text, cut: false };
  } catch {
    return { text, cut: true };
  }
}

/**
 * Holds the ledger's table locked until `release`: an export started meanwhile has taken its
 * slot and waits on its read, as a long export would.
 */
async function stallLedger() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table point_transactions in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

/** Lets requests already sent reach their handlers (only memory stands between). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));
