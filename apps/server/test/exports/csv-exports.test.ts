/**
 * The CSV exports of the two lists (docs/ARCHITECTURE.md section 8): for the same
 * filters a file holds exactly the rows the list shows, in its order, read in
 * chunks of 10 here so that every export crosses several chunk boundaries (rows
 * of one time included); the header row and file name; 401 without a session;
 * the list's 400 envelope for a hostile filter, with nothing streamed; a
 * details value that looks like a formula is neutralised.
 */
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { NODE_MESSAGES, type NetworkStatRow, type TransactionRow } from '@netpulse/shared';
import { CSV_EXPORT_MESSAGES } from '../../src/lib/csv-export.ts';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { creditPoints } from '../../src/modules/ledger/credit-points.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { parseCsv, runsAsFormula, spreadsheetCells } from '../helpers/csv-cells.ts';
import {
  API,
  call,
  completeSpeedtest,
  measuredSpeedtest,
  renewSession,
  SOMEWHERE,
  userIdOf,
} from '../helpers/points.ts';
import { refreshNode, signedInNode } from '../helpers/nodes.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';

const CHUNK_ROWS = 10;
const t = useTestApp({
  // Many exports in one test; the limit itself is tested below on an app of its own.
  env: { SPEEDTEST_MIN_INTERVAL_S: '0', SPEEDTEST_DAILY_LIMIT: '50', RATE_LIMIT_DISABLED: 'true' },
  exportChunkRows: CHUNK_ROWS,
});

const HOUR_MS = 3600_000;
const FORMULA = '=HYPERLINK("http://evil.example","click")';

/**
 * A cell as the file should hold it: text that a spreadsheet would run starts
 * with a quote (this data has no formula after a separator inside a value).
 */
const cell = (value: string | number | boolean | null) =>
  value === null
    ? ''
    : typeof value === 'string' && /^[=+\-@\t\r]/.test(value)
      ? `'${value}`
      : String(value);

/**
 * The transactions file's headers, in words, and each record as the list's row reads
 * on the screen (its type and details labelled, as transactionTypeLabel words them).
 */
const TRANSACTION_HEADERS = ['Transaction ID', 'Type', 'Time (UTC)', 'Cycle', 'Bytes', 'Details'];
const TYPE_LABELS: Record<string, string> = { quest_reward: 'Quest Reward' };
const transactionRecord = (row: TransactionRow) => [
  cell(row.transaction_id),
  TYPE_LABELS[row.transaction_type] ?? `unexpected ${row.transaction_type}`,
  cell(row.date_time),
  cell(row.season),
  cell(row.points_earned),
  cell(row.details),
];
/** The header row: every name quoted, as all text is. */
const headerLine = (columns: readonly string[]) =>
  `${columns.map((column) => `"${column}"`).join(',')}\r\n`;
/** The network statistics file's headers; with Hide IP on, the same without "IP address". */
const POINTS_HEADERS = [
  'Test ID',
  'Time (UTC)',
  'IP address',
  'Download (Mbit/s)',
  'Upload (Mbit/s)',
  'Latency (ms)',
  'Node',
  'Unique IP boost',
  'Location boost',
  'Elite Role boost',
  'Bytes',
];
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const pointsRecord = (row: NetworkStatRow) => [
  cell(row.id),
  cell(row.created_at),
  cell(row.ip_address),
  cell(row.download_mbps),
  cell(row.upload_mbps),
  cell(row.latency_ms),
  cell(row.node_name),
  yesNo(!row.is_ip_slashing),
  yesNo(!row.is_location_slashing),
  cell(row.additional_boost),
  cell(row.points),
];

async function exportOf(person: SignedIn, path: string): Promise<LightMyRequestResponse> {
  return call(t, person, 'GET', path);
}

/** Every row of a list, page after page, as the screens read it. */
async function wholeList<Row>(person: SignedIn, path: string, query = ''): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const response = await call(t, person, 'GET', `${path}?pageSize=7&pageNumber=${page}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: Row[]; meta: { total_pages: number } };
    rows.push(...body.data);
    if (page >= body.meta.total_pages) return rows;
  }
}

async function credit(person: SignedIn, points: number, details: string, key: string) {
  const userId = await userIdOf(t, person);
  await t.database.db.transaction((tx) =>
    creditPoints(tx, {
      userId,
      type: 'quest_reward',
      points,
      details,
      idempotencyKey: `${key}:${userId}`,
      at: t.clock.now(),
      duplicateMessage: 'duplicate',
    }),
  );
}

/**
 * 27 ledger rows over 10 to 13 March in cycles Kilo and Mega, several of them
 * at the same instant (the chunks' tiebreak), details with a comma, quotes, a
 * line break and a formula; and a row of another person.
 */
async function ledgerHistory(person: SignedIn, other: SignedIn) {
  for (let day = 0; day < 3; day++) {
    for (let n = 0; n < 8; n++) {
      // Pairs of rows share their time.
      if (n % 2 === 0) t.clock.advance(HOUR_MS);
      await credit(person, 10 + n, `Quest ${day}-${n}`, `q${day}-${n}`);
    }
    t.clock.advance(12 * HOUR_MS);
  }
  await credit(person, 5, 'Quest "quoted", with a comma\nand a line', 'odd');
  const result = await runAdminCommand(t.database.db, ['season', 'start', 'Mega'], t.clock.now());
  expect(result.exitCode, result.stderr).toBe(0);
  await credit(person, 7, FORMULA, 'formula');
  await credit(person, 3, '-1+1', 'minus');
  await credit(other, 99, 'Not yours', 'other');
  await renewSession(t, person);
}

/**
 * Holds the exports' tables locked until `release`: an export started meanwhile
 * has taken its slot and waits on its first read, as a long export would.
 */
async function stallExports() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table point_transactions, speedtests in access exclusive mode`);
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

/** One export each, so that their sessions' checks are remembered and need no query while stalled. */
async function warmUp(...people: SignedIn[]) {
  for (const person of people) {
    expect((await exportOf(person, '/transactions/export')).statusCode).toBe(200);
  }
}

/** Lets requests already sent reach their handlers (only memory stands between). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

function expectCsvHeaders(response: LightMyRequestResponse, fileName: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
}

describe('GET /transactions/export', () => {
  it('holds exactly the rows the list shows for the same filters, across chunks', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    await ledgerHistory(person, other);
    const today = t.clock.now().toISOString().slice(0, 10);

    for (const [query, fileName] of [
      ['', `Netpulse-transactions-all-to-${today}.csv`],
      [
        'startDate=2026-03-11&endDate=2026-03-12',
        'Netpulse-transactions-2026-03-11-to-2026-03-12.csv',
      ],
      ['startDate=2026-03-11', `Netpulse-transactions-2026-03-11-to-${today}.csv`],
      ['endDate=2026-03-11', 'Netpulse-transactions-all-to-2026-03-11.csv'],
      ['season=Kilo', `Netpulse-transactions-Kilo-all-to-${today}.csv`],
      ['season=Mega', `Netpulse-transactions-Mega-all-to-${today}.csv`],
      [
        'season=Kilo&startDate=2026-03-11&endDate=2026-03-11',
        'Netpulse-transactions-Kilo-2026-03-11-to-2026-03-11.csv',
      ],
      ['season=Giga', `Netpulse-transactions-Giga-all-to-${today}.csv`],
      ['season=&startDate=&endDate=', `Netpulse-transactions-all-to-${today}.csv`],
    ] as const) {
      const listed = await wholeList<TransactionRow>(person, '/transactions', query);
      const response = await exportOf(person, `/transactions/export?${query}`);
      expectCsvHeaders(response, fileName);
      const [header, ...records] = parseCsv(response.body);
      expect(header).toEqual(TRANSACTION_HEADERS);
      expect(records, query).toEqual(listed.map(transactionRecord));
    }
    // The whole history crosses chunk boundaries, and the filters really filter.
    expect((await wholeList(person, '/transactions')).length).toBe(27);
    expect((await wholeList(person, '/transactions', 'season=Mega')).length).toBe(2);
  });

  it('neutralises a details value that looks like a formula', async () => {
    const person = await signedInPerson(t);
    await credit(person, 7, FORMULA, 'formula');
    await credit(person, 3, '-1+1', 'minus');
    const response = await exportOf(person, '/transactions/export');
    const records = parseCsv(response.body).slice(1);
    expect(records.map((record) => [record[4], record[5]])).toEqual(
      expect.arrayContaining([
        ['7', `'${FORMULA}`],
        ['3', "'-1+1"],
      ]),
    );
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('leaves no cell a spreadsheet would run, whatever separator the text hides a formula behind', async () => {
    const person = await signedInPerson(t);
    const hostile = ['a;=1+1', 'a\t=1+1', '＝1+1', 'a,@SUM(A1)', 'x\r\n+1', '-1+1', FORMULA];
    for (const [index, details] of hostile.entries()) {
      await credit(person, index + 1, details, `hostile-${index}`);
    }
    const response = await exportOf(person, '/transactions/export');
    const records = parseCsv(response.body).slice(1);
    // Each value whole in its cell, a single quote before each formula sign.
    expect(records.map((record) => record[5]?.replaceAll("'", '')).sort()).toEqual(
      hostile.map((details) => details.replaceAll("'", '')).sort(),
    );
    expect(response.body).toContain(`"a;'=1+1"`);
    expect(spreadsheetCells(response.body).filter(runsAsFormula)).toEqual([]);
  });

  it('answers a person without rows with the header alone', async () => {
    const person = await signedInPerson(t);
    const response = await exportOf(person, '/transactions/export');
    expect(response.body).toBe(headerLine(TRANSACTION_HEADERS));
  });

  it.each([
    ['startDate=2024-13-01', ['startDate']],
    ['endDate=2024-02-30', ['endDate']],
    ['startDate=10/03/2026', ['startDate']],
    ['startDate=1970-01-01', ['startDate']],
    ['season=Foo', ['season']],
    ['startDate=2026-03-12&endDate=2026-03-11', ['endDate']],
  ])('refuses %s with the list’s 400 envelope and streams nothing', async (query, fields) => {
    const person = await signedInPerson(t);
    await credit(person, 5, 'Something', 'one');
    const listed = await call(t, person, 'GET', `/transactions?${query}`);
    const response = await exportOf(person, `/transactions/export?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual(listed.json());
    expect(Object.keys(response.json().errors).sort()).toEqual(fields);
  });
});

describe('GET /points/export', () => {
  /**
   * 24 credited tests, 8 on each of 10, 11 and 12 March, pairs at the same
   * instant (one such pair straddles the first chunk boundary).
   */
  async function measuredHistory(person: SignedIn) {
    for (let day = 0; day < 3; day++) {
      for (let n = 0; n < 8; n++) {
        if (n % 2 === 1 || n === 0) t.clock.advance(HOUR_MS);
        await renewSession(t, person);
        const testId = await measuredSpeedtest(t, person);
        const location = n % 3 === 0 ? {} : SOMEWHERE;
        const response = await completeSpeedtest(t, person, { testId, ...location });
        expect(response.statusCode, response.body).toBe(200);
      }
      t.clock.advance(12 * HOUR_MS);
    }
    await renewSession(t, person);
  }

  it('holds exactly the rows the network statistics show, between the days asked for', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    await measuredHistory(person);
    await renewSession(t, other);
    const testId = await measuredSpeedtest(t, other, '10.0.0.9');
    expect((await completeSpeedtest(t, other, { testId }, '10.0.0.9')).statusCode).toBe(200);
    const today = t.clock.now().toISOString().slice(0, 10);
    const listed = await wholeList<NetworkStatRow>(person, '/points');
    expect(listed).toHaveLength(24);
    // The rows carry what the server measured (test helpers measure 10 Mbit/s each way).
    expect(listed[0]).toMatchObject({ download_mbps: 10, upload_mbps: 10, latency_ms: 12.5 });

    for (const [query, from, to, fileName] of [
      ['', '', '9999', `Netpulse-network-statistics-all-to-${today}.csv`],
      [
        'startDate=2026-03-11&endDate=2026-03-11',
        '2026-03-11',
        '2026-03-11',
        'Netpulse-network-statistics-2026-03-11-to-2026-03-11.csv',
      ],
      [
        'startDate=2026-03-11',
        '2026-03-11',
        '9999',
        `Netpulse-network-statistics-2026-03-11-to-${today}.csv`,
      ],
      ['endDate=2026-03-10', '', '2026-03-10', 'Netpulse-network-statistics-all-to-2026-03-10.csv'],
    ] as const) {
      const response = await exportOf(person, `/points/export?${query}`);
      expectCsvHeaders(response, fileName);
      const [header, ...records] = parseCsv(response.body);
      expect(header).toEqual(POINTS_HEADERS);
      const day = (row: NetworkStatRow) => row.created_at.slice(0, 10);
      const expected = listed.filter((row) => day(row) >= from && day(row) <= to);
      expect(expected.length).toBeGreaterThan(0);
      expect(records, query).toEqual(expected.map(pointsRecord));
    }
  });

  it("holds one node's tests, with its name, when a node is asked for", async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person, { name: 'Desk, "main" browser' });
    // The node's own session opens and completes its tests; the person's web session one more.
    for (const byNode of [true, false, true]) {
      t.clock.advance(HOUR_MS);
      await renewSession(t, person);
      const refreshed = await refreshNode(t, node);
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      Object.assign(node, refreshed.json().data);
      const tester = byNode ? { ...person, accessToken: node.accessToken } : person;
      const testId = await measuredSpeedtest(t, tester);
      expect((await completeSpeedtest(t, tester, { testId })).statusCode).toBe(200);
    }
    const listed = await wholeList<NetworkStatRow>(person, '/points');
    expect(listed.map((row) => row.node_name)).toEqual([
      'Desk, "main" browser',
      null,
      'Desk, "main" browser',
    ]);

    const whole = parseCsv((await exportOf(person, '/points/export')).body).slice(1);
    expect(whole).toEqual(listed.map(pointsRecord));
    const response = await exportOf(person, `/points/export?nodeId=${node.nodeId}`);
    expect(response.statusCode).toBe(200);
    const [, ...records] = parseCsv(response.body);
    expect(records).toEqual(listed.filter((row) => row.node_name !== null).map(pointsRecord));
  });

  it('leaves the IP address column out entirely with hideIp=true, not masked', async () => {
    const person = await signedInPerson(t);
    const testId = await measuredSpeedtest(t, person, '10.0.0.7');
    expect((await completeSpeedtest(t, person, { testId }, '10.0.0.7')).statusCode).toBe(200);
    const [listed] = await wholeList<NetworkStatRow>(person, '/points');
    expect(listed?.ip_address).toBe('10.0.0.7');

    const shown = parseCsv((await exportOf(person, '/points/export?hideIp=false')).body);
    expect(shown[0]).toContain('IP address');
    expect(shown[1]).toContain('10.0.0.7');

    const response = await exportOf(person, '/points/export?hideIp=true');
    expect(response.statusCode).toBe(200);
    const [header, ...records] = parseCsv(response.body);
    expect(header).toEqual(POINTS_HEADERS.filter((name) => name !== 'IP address'));
    const ipAt = POINTS_HEADERS.indexOf('IP address');
    expect(records).toEqual([pointsRecord(listed!).filter((_, index) => index !== ipAt)]);
    // Neither the address nor a mask of it: no trace of the column at all.
    expect(response.body).not.toMatch(/10\.0\.0\.7|\*+\.\*+|IP address/);
  });

  it('leaves no cell a spreadsheet would run in the node names', async () => {
    const person = await signedInPerson(t);
    for (const name of ['a;=1+1', 'a\t=1+1', '＝1+1']) {
      const node = await signedInNode(t, person, { name });
      const tester = { ...person, accessToken: node.accessToken };
      const testId = await measuredSpeedtest(t, tester);
      expect((await completeSpeedtest(t, tester, { testId })).statusCode).toBe(200);
    }
    const response = await exportOf(person, '/points/export');
    const names = parseCsv(response.body)
      .slice(1)
      .map((record) => record[POINTS_HEADERS.indexOf('Node')]);
    expect(names.sort()).toEqual(["'＝1+1", "a\t'=1+1", "a;'=1+1"]);
    expect(spreadsheetCells(response.body).filter(runsAsFormula)).toEqual([]);
  });

  it('answers a node of its own that ran none of the tests with the header alone', async () => {
    const person = await signedInPerson(t);
    await measuredHistory(person);
    const idle = await signedInNode(t, person, { name: 'Idle' });
    const response = await exportOf(person, `/points/export?nodeId=${idle.nodeId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(headerLine(POINTS_HEADERS));
  });

  it("answers another account's node, or none, with the history's 404 and no file", async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const othersNode = await signedInNode(t, other, { name: 'Not yours' });
    const tester = { ...other, accessToken: othersNode.accessToken };
    const testId = await measuredSpeedtest(t, tester);
    expect((await completeSpeedtest(t, tester, { testId })).statusCode).toBe(200);
    for (const nodeId of [othersNode.nodeId, '5b0c4f0e-7d0a-4a53-9a55-3c1f6f0d2b11']) {
      const history = await call(t, person, 'GET', `/points/history?nodeId=${nodeId}`);
      const response = await exportOf(person, `/points/export?nodeId=${nodeId}`);
      expect(history.statusCode).toBe(404);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toEqual({ success: false, message: NODE_MESSAGES.unknown });
      expect(response.json()).toEqual(history.json());
    }
  });

  it.each([
    ['nodeId=not-a-node', ['nodeId']],
    ['hideIp=yes', ['hideIp']],
    ['nodeId=1', ['nodeId']],
    ['startDate=2026-02-30', ['startDate']],
    ['endDate=9999-12-31', ['endDate']],
    ['startDate=2026-03-12&endDate=2026-03-11', ['endDate']],
  ])('refuses %s with 400 and streams nothing', async (query, fields) => {
    const person = await signedInPerson(t);
    const response = await exportOf(person, `/points/export?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    const body = response.json();
    expect(body).toMatchObject({ success: false, message: 'Validation failed' });
    expect(Object.keys(body.errors).sort()).toEqual(fields);
  });
});

describe('both exports', () => {
  it.each(['/transactions/export', '/points/export'])(
    'answer %s with 401 without a session',
    async (path) => {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const response = await t.app.inject({ method: 'GET', url: `${API}${path}`, headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false });
      }
    },
  );

  it('run two at once per account: a third is refused until one ends, and other accounts go on', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    await credit(person, 5, 'Something', 'one');
    await warmUp(person, other);

    const stall = await stallExports();
    const running = [
      exportOf(person, '/transactions/export'),
      exportOf(person, '/points/export?startDate=2026-03-01'),
    ];
    // Another account's exports are not held back by these two.
    let others: Promise<LightMyRequestResponse>[] | undefined;
    try {
      await settle();
      for (const path of ['/transactions/export', '/points/export']) {
        const third = await exportOf(person, path);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toEqual({
          success: false,
          message: CSV_EXPORT_MESSAGES.stillRunning,
        });
      }
      others = [exportOf(other, '/transactions/export'), exportOf(other, '/points/export')];
      await settle();
    } finally {
      await stall.release();
    }
    for (const response of await Promise.all([...running, ...(others ?? [])])) {
      expect(response.statusCode, response.body).toBe(200);
    }
    // Ended, they gave their slots back.
    for (let again = 0; again < 3; again++) {
      expect((await exportOf(person, '/transactions/export')).statusCode).toBe(200);
    }
  });

  it('give the slot back when the client goes away before the file is sent', async () => {
    const person = await signedInPerson(t);
    await warmUp(person);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stall = await stallExports();
    const abandoned = [0, 1].map(() => {
      const outgoing = request(`${address}${API}/transactions/export`, {
        headers: { authorization: `Bearer ${person.accessToken}` },
      });
      outgoing.on('error', () => {});
      outgoing.end();
      return outgoing;
    });
    let next: Promise<LightMyRequestResponse> | undefined;
    try {
      await settle();
      expect((await exportOf(person, '/transactions/export')).statusCode).toBe(429);
      for (const outgoing of abandoned) outgoing.destroy();
      await settle();
      next = exportOf(person, '/transactions/export');
      await settle();
    } finally {
      await stall.release();
    }
    expect((await next)?.statusCode).toBe(200);
  });

  it('are limited to a few a minute', async () => {
    const limited = await createTestApp();
    try {
      const person = await signedInPerson(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await call(limited, person, 'GET', '/transactions/export');
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
