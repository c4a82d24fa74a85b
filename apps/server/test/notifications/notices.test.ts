/**
 * The in-app notices (issue 30): a notice is made in the transaction of its event, once per
 * event, only for people whose app channel is on; the reader lists theirs newest first in
 * their language with the unread count, marks their own read (never another's), and keeps
 * preferences whose locked cell stays on.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences, type NotificationPreferences } from '@netpulse/shared';
import { notifications } from '../../src/db/tables/notifications-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { creditPoints } from '../../src/modules/ledger/index.ts';
import { notify, type NewNotice } from '../../src/modules/notifications/index.ts';
import { recordSecurityEvent } from '../../src/modules/security-events/index.ts';
import { accountCall } from '../helpers/account.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import {
  API,
  completeSpeedtest,
  measuredSpeedtest,
  SOMEWHERE,
  userIdOf,
} from '../helpers/points.ts';
import { BACK_TO_BACK_SPEEDTESTS } from '../helpers/referrals.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';
import { qualifiedNotice } from '../helpers/notices.ts';

const NOTICES = `${API}/notifications`;

function request(
  t: TestApp,
  person: SignedIn,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `${NOTICES}${url}`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function notifyNow(t: TestApp, notices: NewNotice | NewNotice[]) {
  return inTransaction(t.database.db, (tx) => notify(tx, notices));
}

describe('a notice', () => {
  const t = useTestApp();

  it('is made once per event, and not when its transaction rolls back', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    expect(await notifyNow(t, qualifiedNotice(userId, 'ana'))).toBe(1);
    // The same event told again (another test of the same referee): nothing new.
    expect(
      await notifyNow(t, [qualifiedNotice(userId, 'ana'), qualifiedNotice(userId, 'ana')]),
    ).toBe(0);
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await notify(tx, qualifiedNotice(userId, 'bob'));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');

    const rows = await t.database.db
      .select({ dedupeKey: notifications.dedupeKey })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(rows).toEqual([{ dedupeKey: 'refq:ana' }]);
  });

  it('is written in the reader’s language when read, from its type and parameters', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await notifyNow(t, qualifiedNotice(userId, 'ana'));

    const english = await request(t, person, 'GET', '');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.json().data).toEqual([
      {
        id: expect.any(String),
        type: 'referral_qualified',
        title: 'ana qualified',
        body: 'ana completed 15 tests: you earned 200 Bytes.',
        link: '/referral',
        created_at: expect.any(String),
        read_at: null,
      },
    ]);

    const chosen = await accountCall(t, person, 'PATCH', '/preferences', {
      payload: { locale: 'es' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const spanish = await request(t, person, 'GET', '');
    expect(spanish.json().data[0]).toMatchObject({
      title: 'ana se ha calificado',
      body: 'ana completó 15 pruebas: ganaste 200 Bytes.',
    });
  });

  it('is not made for a person who turned the app off for its event, security included', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const preferences = defaultNotificationPreferences();
    preferences.channels.security.app = false;
    const saved = await request(t, person, 'PUT', '/preferences', preferences);
    expect(saved.statusCode, saved.body).toBe(200);

    const security: NewNotice = {
      userId,
      type: 'security',
      params: { event: 'password_changed' },
      link: '/settings',
      dedupeKey: 'security:1',
    };
    expect(await notifyNow(t, [security, qualifiedNotice(userId, 'ana')])).toBe(1);
    const list = await request(t, person, 'GET', '');
    expect(list.json().data.map((row: { type: string }) => row.type)).toEqual([
      'referral_qualified',
    ]);
  });
});

describe('a security event', () => {
  const t = useTestApp();

  it('is also a notice in the app, once per event, and not when its change rolls back', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await recordSecurityEvent(t.app, { userId, type: 'password_changed' });
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await recordSecurityEvent(t.app, { userId, type: 'passkey_added' }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await inTransaction(t.database.db, (tx) =>
      recordSecurityEvent(t.app, { userId, type: 'two_factor_enabled' }, tx),
    );

    const list = await request(t, person, 'GET', '');
    expect(
      list.json().data.map((row: { type: string; body: string; link: string }) => ({
        type: row.type,
        body: row.body,
        link: row.link,
      })),
    ).toEqual([
      {
        type: 'security',
        body: 'Two-factor sign-in was turned on. If it was not you, check your account settings.',
        link: '/settings',
      },
      {
        type: 'security',
        body: 'Your password was changed. If it was not you, check your account settings.',
        link: '/settings',
      },
    ]);
  });
});

describe('a test that missed a boost', () => {
  const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS });

  it('tells its owner once what it earned and the receipt’s reason; a fully boosted test tells nothing', async () => {
    const person = await signedInPerson(t);
    const boosted = await measuredSpeedtest(t, person);
    expect((await completeSpeedtest(t, person, { testId: boosted, ...SOMEWHERE })).statusCode).toBe(
      200,
    );
    const unplaced = await measuredSpeedtest(t, person);
    const completed = await completeSpeedtest(t, person, { testId: unplaced });
    expect(completed.statusCode, completed.body).toBe(200);
    // Completed again: refused (409), and told nothing more.
    expect((await completeSpeedtest(t, person, { testId: unplaced })).statusCode).toBe(409);

    const rows = (await request(t, person, 'GET', '')).json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'test_refused',
      title: 'A test earned less than it could',
      body: `Your test of 2026-03-10 12:00 UTC earned ${completed.json().data.points} Bytes: No Location boost: location was not shared`,
      link: '/nodes',
    });
  });
});

describe('a cycle’s end', () => {
  const t = useTestApp();

  const earn = (userId: number, points: number, key: string) =>
    inTransaction(t.database.db, (tx) =>
      creditPoints(tx, {
        userId,
        type: 'daily_claim',
        points,
        details: 'daily_claim',
        idempotencyKey: `${key}:${userId}`,
        at: t.clock.now(),
        duplicateMessage: 'duplicate',
      }),
    );
  const startCycle = async (name: string) => {
    const result = await runAdminCommand(t.database.db, ['season', 'start', name], t.clock.now());
    expect(result.exitCode, result.stderr).toBe(0);
  };

  it('tells each account with Bytes in it its total and the cycle’s rank among its own, once', async () => {
    const earner = await signedInPerson(t);
    const idle = await signedInPerson(t);
    const earnerId = await userIdOf(t, earner);
    await earn(earnerId, 300, 'kilo');
    await startCycle('Mega');
    await earn(earnerId, 500, 'mega');
    await startCycle('Giga');
    await earn(earnerId, 100, 'giga');
    await startCycle('Terra');

    const rows = (await request(t, earner, 'GET', '')).json().data;
    expect(rows.map((row: { body: string; link: string }) => [row.body, row.link])).toEqual([
      ['You earned 100 Bytes in it: your 3rd best of 3 cycles.', '/earnings'],
      ['You earned 500 Bytes in it: your 1st best of 2 cycles.', '/earnings'],
      ['You earned 300 Bytes in it: your 1st best of 1 cycle.', '/earnings'],
    ]);
    expect(rows.map((row: { title: string }) => row.title)).toEqual([
      'The cycle Giga ended',
      'The cycle Mega ended',
      'The cycle Kilo ended',
    ]);
    expect((await request(t, idle, 'GET', '')).json().data).toEqual([]);
  });
});

describe('GET /v1/api/notifications', () => {
  const t = useTestApp();

  it('lists the reader’s own notices newest first, a page at a time, with the unread count', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    for (const referee of ['ana', 'bob', 'cy']) {
      await notifyNow(t, qualifiedNotice(userId, referee));
      t.clock.advance(60_000);
    }
    await notifyNow(t, qualifiedNotice(await userIdOf(t, other), 'dee'));

    const first = await request(t, person, 'GET', '?pageNumber=1&pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.map((row: { title: string }) => row.title)).toEqual([
      'cy qualified',
      'bob qualified',
    ]);
    expect(first.json().meta).toEqual({
      current: 1,
      total_pages: 2,
      total_results: 3,
      size: 2,
      unread: 3,
    });
    const second = await request(t, person, 'GET', '?pageNumber=2&pageSize=2');
    expect(second.json().data.map((row: { title: string }) => row.title)).toEqual([
      'ana qualified',
    ]);
  });

  it('lists only the unread with unread=true, and refuses a wrong flag with its field', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await notifyNow(t, [qualifiedNotice(userId, 'ana'), qualifiedNotice(userId, 'bob')]);
    const all = await request(t, person, 'GET', '');
    const anaId = all
      .json()
      .data.find((row: { title: string }) => row.title === 'ana qualified').id;
    await request(t, person, 'POST', '/read', { ids: [anaId] });

    const unread = await request(t, person, 'GET', '?unread=true');
    expect(unread.json().data.map((row: { title: string }) => row.title)).toEqual([
      'bob qualified',
    ]);
    expect(unread.json().meta).toMatchObject({ total_results: 1, unread: 1 });

    const wrong = await request(t, person, 'GET', '?unread=yes');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ unread: ['unread must be true or false'] });
  });
});

describe('POST /v1/api/notifications/read', () => {
  const t = useTestApp();

  it('marks the reader’s own notices read and ignores another account’s ids', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const otherId = await userIdOf(t, other);
    await notifyNow(t, [qualifiedNotice(userId, 'ana'), qualifiedNotice(userId, 'bob')]);
    await notifyNow(t, qualifiedNotice(otherId, 'cy'));
    const theirs = (await request(t, other, 'GET', '')).json().data[0].id;
    const mine = (await request(t, person, 'GET', '')).json().data[0].id;

    const marked = await request(t, person, 'POST', '/read', { ids: [theirs, mine, 'x'] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toEqual({ unread: 1 });
    const otherList = await request(t, other, 'GET', '');
    expect(otherList.json().data[0].read_at).toBeNull();
    expect(otherList.json().meta.unread).toBe(1);

    const list = (await request(t, person, 'GET', '')).json().data;
    expect(list.find((row: { id: string }) => row.id === mine).read_at).toBe(
      t.clock.now().toISOString(),
    );

    const all = await request(t, person, 'POST', '/read', { all: true });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await request(t, other, 'GET', '')).json().meta.unread).toBe(1);
  });

  it('answers 400 with the field for a body that is neither ids nor all', async () => {
    const person = await signedInPerson(t);
    for (const payload of [{}, { ids: [] }, { all: false }, { ids: 'all' }]) {
      const response = await request(t, person, 'POST', '/read', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
      expect(Object.keys(response.json().errors ?? {}).length, response.body).toBeGreaterThan(0);
    }
  });
});

describe('/v1/api/notifications/preferences', () => {
  const t = useTestApp();

  it('answers the defaults until the person saves, and keeps security by mail on', async () => {
    const person = await signedInPerson(t);
    const before = await request(t, person, 'GET', '/preferences');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual(defaultNotificationPreferences());

    const chosen: NotificationPreferences = defaultNotificationPreferences();
    chosen.channels.security.mail = false;
    chosen.channels.cycle_ended.push = true;
    chosen.quiet_hours = { start: '22:00', end: '07:00' };
    chosen.time_zone = 'Europe/Lisbon';
    const saved = await request(t, person, 'PUT', '/preferences', chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...chosen,
      channels: { ...chosen.channels, security: { ...chosen.channels.security, mail: true } },
    };
    expect(saved.json().data).toEqual(expected);
    expect((await request(t, person, 'GET', '/preferences')).json().data).toEqual(expected);
  });

  it('answers 400 with the fields for bad preferences', async () => {
    const person = await signedInPerson(t);
    const bad = {
      ...defaultNotificationPreferences(),
      quiet_hours: { start: '25:00', end: '07:00' },
      time_zone: 'Mars/Olympus',
    };
    const response = await request(t, person, 'PUT', '/preferences', bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      'quiet_hours.start': ['Enter a time as HH:mm'],
      time_zone: ['Choose a time zone'],
    });
  });
});
