/**
 * Opening and completing speed tests: who may, how often, and what a test earns
 * (docs/ARCHITECTURE.md section 5). The measurements are stored as the ndt7
 * endpoints store them (speedtest-ndt7.test.ts runs those for real).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  listEnvelope,
  networkStatRowSchema,
  POINTS_MESSAGES,
  speedtestSessionSchema,
} from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { profile, signedInPerson } from '../helpers/auth-flow.ts';
import {
  call,
  completeSpeedtest,
  laterDays,
  measuredSpeedtest,
  openSpeedtest,
  renewSession,
  SOMEWHERE,
  SOMEWHERE_PLACE,
} from '../helpers/points.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { SPEEDTEST_MIN_INTERVAL_S: '0' } });

async function testRow(testId: string) {
  const [row] = await t.database.db.select().from(speedtests).where(eq(speedtests.id, testId));
  return row;
}

const placeOf = async (testId: string) => {
  const row = await testRow(testId);
  return { locationCell: row?.locationCell, country: row?.country };
};

const pointsOf = async (person: { accessToken: string }) =>
  (await profile(t, person.accessToken)).json().data.points;

describe('POST /speedtests', () => {
  it('opens a test with one ndt7 URL per direction and a short expiry', async () => {
    const person = await signedInPerson(t);
    const response = await openSpeedtest(t, person);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = dataEnvelope(speedtestSessionSchema.strict()).strict().parse(response.json());
    expect(data.downloadUrl).toMatch(
      new RegExp(`^ws://localhost:8080/ndt/v7/download\\?ticket=${data.testId}\\.[\\w-]+$`),
    );
    expect(data.uploadUrl).toMatch(
      new RegExp(`^ws://localhost:8080/ndt/v7/upload\\?ticket=${data.testId}\\.[\\w-]+$`),
    );
    expect(new Date(data.expiresAt).getTime() - t.clock.now().getTime()).toBe(2 * 60_000);
  });

  it('builds wss URLs for an https PUBLIC_URL', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://netpulse.example' } });
    try {
      const person = await signedInPerson(secure);
      const response = await openSpeedtest(secure, person);
      expect(response.json().data.downloadUrl).toMatch(/^wss:\/\/netpulse\.example\/ndt\/v7\//);
    } finally {
      await secure.close();
    }
  });

  it('refuses a second test sooner than SPEEDTEST_MIN_INTERVAL_S after the last', async () => {
    const strict = await createTestApp({ env: { SPEEDTEST_MIN_INTERVAL_S: '600' } });
    try {
      const person = await signedInPerson(strict);
      expect((await openSpeedtest(strict, person)).statusCode).toBe(200);
      strict.clock.advance(599_000);
      await renewSession(strict, person);
      const tooSoon = await openSpeedtest(strict, person);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toEqual({ success: false, message: POINTS_MESSAGES.tooSoon });
      strict.clock.advance(1_000);
      expect((await openSpeedtest(strict, person)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('asks for a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/api/speedtests' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /points', () => {
  it('credits a measured test once: 50 x2 unique IP x2 location', async () => {
    const person = await signedInPerson(t);
    const testId = await measuredSpeedtest(t, person);
    const completed = await completeSpeedtest(t, person, { testId, ...SOMEWHERE });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().data).toEqual({
      id: testId,
      created_at: t.clock.now().toISOString(),
      is_ip_slashing: false,
      is_location_slashing: false,
      ip_address: '127.0.0.1',
      points: 200,
      additional_boost: null,
      download_mbps: 10,
      upload_mbps: 10,
      latency_ms: 12.5,
      node_name: null,
    });
    const [credit] = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.idempotencyKey, `speedtest:${testId}`));
    expect(credit).toMatchObject({
      transactionType: 'speedtest_earning',
      pointsEarned: 200,
      details: 'Speedtest',
    });

    const again = await completeSpeedtest(t, person, { testId, ...SOMEWHERE });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: POINTS_MESSAGES.speedtestAlreadyCompleted,
    });
    expect(await pointsOf(person)).toBe(200);
  });

  it('halves the points without a location', async () => {
    const person = await signedInPerson(t);
    const testId = await measuredSpeedtest(t, person);
    const completed = await completeSpeedtest(t, person, { testId });
    expect(completed.json().data).toMatchObject({ points: 100, is_location_slashing: true });
    expect(await placeOf(testId)).toEqual({ locationCell: null, country: null });
  });

  it('stores where a test ran as its H3 cell and country, never its coordinates', async () => {
    const person = await signedInPerson(t);
    const inBerlin = await measuredSpeedtest(t, person);
    expect(
      (await completeSpeedtest(t, person, { testId: inBerlin, ...SOMEWHERE })).statusCode,
    ).toBe(200);
    expect(await placeOf(inBerlin)).toEqual(SOMEWHERE_PLACE);
    expect(Object.keys((await testRow(inBerlin))!)).not.toContain('latitude');

    // At sea: a cell but no country, and still the location's full points.
    const atSea = await measuredSpeedtest(t, person);
    const completed = await completeSpeedtest(t, person, {
      testId: atSea,
      latitude: 0,
      longitude: -30,
    });
    expect(completed.json().data).toMatchObject({ points: 200, is_location_slashing: false });
    expect(await placeOf(atSea)).toEqual({ locationCell: '887c650711fffff', country: null });
  });

  it('refuses a test the server did not measure in both directions', async () => {
    const person = await signedInPerson(t);
    const opened = await openSpeedtest(t, person);
    const testId = opened.json().data.testId;
    const refused = await completeSpeedtest(t, person, { testId, ...SOMEWHERE });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: POINTS_MESSAGES.speedtestNotMeasured,
    });
    // Client-reported numbers are not part of the contract: extra fields change nothing.
    const claimed = await call(t, person, 'POST', '/points', {
      payload: { testId, ...SOMEWHERE, download_mbps: 900, upload_mbps: 900 },
    });
    expect(claimed.statusCode).toBe(409);
    expect(await pointsOf(person)).toBe(0);
  });

  it('answers 404 for an unknown test and for another user’s test', async () => {
    const owner = await signedInPerson(t);
    const other = await signedInPerson(t);
    const testId = await measuredSpeedtest(t, owner);
    for (const [person, id] of [
      [other, testId],
      [owner, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await completeSpeedtest(t, person, { testId: id });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(POINTS_MESSAGES.speedtestUnknown);
    }
    expect((await completeSpeedtest(t, owner, { testId })).statusCode).toBe(200);
  });

  it('refuses a test completed too long after it was opened', async () => {
    const person = await signedInPerson(t);
    const testId = await measuredSpeedtest(t, person);
    t.clock.advance(16 * 60_000);
    await renewSession(t, person);
    const late = await completeSpeedtest(t, person, { testId });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(POINTS_MESSAGES.speedtestExpired);
  });

  it('answers bad bodies with 400 and errors by field', async () => {
    const person = await signedInPerson(t);
    const notUuid = await call(t, person, 'POST', '/points', { payload: { testId: 'abc' } });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().errors).toEqual({
      testId: ['testId must be the id of a test you opened'],
    });
    const halfLocation = await call(t, person, 'POST', '/points', {
      payload: { testId: '00000000-0000-4000-8000-000000000000', latitude: 10 },
    });
    expect(halfLocation.statusCode).toBe(400);
    expect(halfLocation.json().errors).toEqual({
      longitude: ['latitude and longitude go together'],
    });
  });

  it('slashes the second account completing from one IP within 24 h', async () => {
    const first = await signedInPerson(t);
    const second = await signedInPerson(t);
    const ip = '203.0.113.7';
    const firstTest = await measuredSpeedtest(t, first, ip);
    expect(
      (await completeSpeedtest(t, first, { testId: firstTest, ...SOMEWHERE }, ip)).json(),
    ).toMatchObject({ data: { points: 200, is_ip_slashing: false, ip_address: ip } });

    const secondTest = await measuredSpeedtest(t, second, ip);
    const slashed = await completeSpeedtest(t, second, { testId: secondTest, ...SOMEWHERE }, ip);
    expect(slashed.json().data).toMatchObject({ points: 100, is_ip_slashing: true });

    // The address is shared now: the first account's next test loses the boost too.
    const again = await measuredSpeedtest(t, first, ip);
    expect(
      (await completeSpeedtest(t, first, { testId: again, ...SOMEWHERE }, ip)).json().data,
    ).toMatchObject({ is_ip_slashing: true });

    // 24 h after the first account's last test from it, the address is the second's alone.
    await laterDays(t, second);
    const later = await measuredSpeedtest(t, second, ip);
    expect(
      (await completeSpeedtest(t, second, { testId: later, ...SOMEWHERE }, ip)).json().data,
    ).toMatchObject({ points: 200, is_ip_slashing: false });
  });

  it('multiplies by the Elite Role boost the admin set, and keeps it on the row', async () => {
    const person = await signedInPerson(t);
    await runAdminCommand(t.database.db, ['user', 'boost', person.username, '1.5']);
    const testId = await measuredSpeedtest(t, person);
    const completed = await completeSpeedtest(t, person, { testId, ...SOMEWHERE });
    expect(completed.json().data).toMatchObject({ points: 300, additional_boost: 1.5 });
    await runAdminCommand(t.database.db, ['user', 'boost', person.username, 'none']);
    const table = await call(t, person, 'GET', '/points');
    expect(table.json().data[0]).toMatchObject({ points: 300, additional_boost: 1.5 });
  });
});

describe('the daily limit (SPEEDTEST_DAILY_LIMIT = 4)', () => {
  it('refuses to open a fifth test on the same UTC day, and opens again the next day', async () => {
    const person = await signedInPerson(t);
    for (let i = 0; i < 4; i++) {
      const testId = await measuredSpeedtest(t, person);
      expect((await completeSpeedtest(t, person, { testId })).statusCode).toBe(200);
    }
    const fifth = await openSpeedtest(t, person);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ success: false, message: POINTS_MESSAGES.dailyLimitReached });

    t.clock.set(new Date(Date.UTC(2026, 2, 11)));
    await renewSession(t, person);
    expect((await openSpeedtest(t, person)).statusCode).toBe(200);
  });

  it('answers 409, not 429, to duplicates of the completion that reaches the limit', async () => {
    const person = await signedInPerson(t);
    for (let i = 0; i < 3; i++) {
      const testId = await measuredSpeedtest(t, person);
      expect((await completeSpeedtest(t, person, { testId })).statusCode).toBe(200);
    }
    const fourth = await measuredSpeedtest(t, person);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => completeSpeedtest(t, person, { testId: fourth })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409,
    ]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe(POINTS_MESSAGES.speedtestAlreadyCompleted);
    }
    expect(await pointsOf(person)).toBe(4 * 100);
  });

  it('credits exactly 4 of 6 tests completed at once', async () => {
    const person = await signedInPerson(t);
    const testIds: string[] = [];
    for (let i = 0; i < 6; i++) testIds.push(await measuredSpeedtest(t, person));
    const responses = await Promise.all(
      testIds.map((testId) => completeSpeedtest(t, person, { testId, ...SOMEWHERE })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.json().message).toBe(POINTS_MESSAGES.dailyLimitReached);
    }
    expect(await pointsOf(person)).toBe(800);
    const completed = await t.database.db
      .select()
      .from(speedtests)
      .where(eq(speedtests.ipAddress, '127.0.0.1'));
    expect(completed.filter((row) => row.completedAt !== null)).toHaveLength(4);
  });
});

describe('GET /points', () => {
  it('lists only the user’s credited tests, newest first, with exactly the row fields and meta', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const testId = await measuredSpeedtest(t, person);
      await completeSpeedtest(t, person, { testId, ...SOMEWHERE });
      ids.push(testId);
      t.clock.advance(60_000);
    }
    await measuredSpeedtest(t, person); // measured but not completed: not listed
    const othersTest = await measuredSpeedtest(t, other);
    await completeSpeedtest(t, other, { testId: othersTest });

    const page1 = await call(t, person, 'GET', '/points?pageNumber=1&pageSize=2');
    expect(page1.statusCode).toBe(200);
    const body = listEnvelope(networkStatRowSchema.strict()).strict().parse(page1.json());
    expect(body.data.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(body.meta).toEqual({ current: 1, total_pages: 2, total_results: 3, size: 2 });
    const page2 = await call(t, person, 'GET', '/points?pageNumber=2&pageSize=2');
    expect(page2.json().data.map((row: { id: string }) => row.id)).toEqual([ids[0]]);
  });

  it('answers an empty table with the default-like meta', async () => {
    const person = await signedInPerson(t);
    const response = await call(t, person, 'GET', '/points?pageSize=5');
    expect(response.json()).toEqual({
      success: true,
      message: 'OK',
      data: [],
      meta: { current: 1, total_pages: 1, total_results: 0, size: 5 },
    });
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=1000', 'pageSize'],
    ['pageNumber=0', 'pageNumber'],
    ['pageNumber=two', 'pageNumber'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const person = await signedInPerson(t);
    const response = await call(t, person, 'GET', `/points?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });
});
