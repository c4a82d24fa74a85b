/**
 * Web Push (issue 30) against a push service stand-in: a browser subscribes with a real P-256
 * key pair; a notice whose event has push on reaches the stand-in encrypted to that browser
 * (decrypted here with its keys, in the reader's language) under a VAPID header that verifies
 * with the server's public key. The push service's 404 and 410 forget the subscription, a 500
 * keeps it and the job retries; push off sends nothing; quiet hours delay it. The routes
 * refuse bad bodies with a 4xx and never touch another account's subscription.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defaultNotificationPreferences,
  PUSH_MESSAGES,
  type NotificationPreferences,
} from '@netpulse/shared';
import { jobs } from '../../src/db/tables/jobs-tables.ts';
import { notifications } from '../../src/db/tables/notifications-tables.ts';
import { pushSubscriptions } from '../../src/db/tables/push-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { notify } from '../../src/modules/notifications/index.ts';
import { accountCall } from '../helpers/account.ts';
import { deleteAccount, deletionOf } from '../helpers/account-data.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { jobOf, waitForJob } from '../helpers/jobs.ts';
import { qualifiedNotice } from '../helpers/notices.ts';
import { API, userIdOf } from '../helpers/points.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  decryptPush,
  newSubscription,
  subscriptionBody,
  verifiedVapidClaims,
  type TestSubscription,
} from '../helpers/web-push-browser.ts';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../stand-ins/push-service-stand-in.ts';

const PUSH = `${API}/push`;

function pushCall(
  t: TestApp,
  person: { accessToken: string },
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `${PUSH}${path}`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function subscribe(t: TestApp, person: SignedIn, subscription: TestSubscription) {
  const response = await pushCall(
    t,
    person,
    'POST',
    '/subscriptions',
    subscriptionBody(subscription),
  );
  expect(response.statusCode, response.body).toBe(200);
}

/** The person's preferences with push on for referrals, and `changes` on top. */
async function choosePush(
  t: TestApp,
  person: SignedIn,
  changes: Partial<NotificationPreferences> = {},
  push = true,
) {
  const preferences = defaultNotificationPreferences();
  preferences.channels.referral_qualified.push = push;
  const response = await t.app.inject({
    method: 'PUT',
    url: `${API}/notifications/preferences`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    payload: { ...preferences, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function notifyQualified(t: TestApp, userId: number, referee: string) {
  await inTransaction(t.database.db, (tx) => notify(tx, qualifiedNotice(userId, referee)));
  const [notice] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.dedupeKey, `refq:${referee}`));
  if (!notice) throw new Error(`no notice for ${referee}`);
  return notice.id;
}

const subscriptionsOf = (t: TestApp, userId: number) =>
  t.database.db
    .select({ endpoint: pushSubscriptions.endpoint, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));

let pushService: PushServiceStandIn;
beforeAll(async () => {
  pushService = await startPushServiceStandIn();
});
afterAll(async () => pushService.close());

describe('a notice pushed', () => {
  const t = useTestApp();

  /** A Spanish reader with push on for referrals and one subscribed browser. */
  async function subscribedReader(name: string) {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const language = await accountCall(t, person, 'PATCH', '/preferences', {
      payload: { locale: 'es' },
    });
    expect(language.statusCode, language.body).toBe(200);
    await choosePush(t, person);
    const subscription = newSubscription(pushService.endpoint(`${name}-${userId}`));
    await subscribe(t, person, subscription);
    return { person, userId, subscription };
  }

  it('reaches the push service encrypted to the browser’s keys, in the reader’s language, signed with VAPID', async () => {
    const { person, userId, subscription } = await subscribedReader('decrypts');
    const noticeId = await notifyQualified(t, userId, 'ana');
    await waitForJob(t.database.db, `notice:${noticeId}:push`, 'done');

    const [push] = pushService.pushesTo(subscription.endpoint);
    expect(pushService.pushesTo(subscription.endpoint)).toHaveLength(1);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    const message = JSON.parse(decryptPush(subscription, push!.raw));
    expect(message).toEqual({
      id: String(noticeId),
      title: 'ana se ha calificado',
      body: expect.stringContaining('200'),
      link: '/referral',
    });
    expect(push!.raw.length).toBeLessThan(4096);
    // Another browser's keys cannot read it.
    expect(() => decryptPush(newSubscription(subscription.endpoint), push!.raw)).toThrow();

    const publicKey = (await pushCall(t, person, 'GET', '/public-key')).json().data.publicKey;
    const claims = verifiedVapidClaims(String(push?.headers.authorization), publicKey);
    expect(claims.aud).toBe(new URL(pushService.url).origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    // Another key pair's public key does not verify the signature.
    const otherKey = newSubscription('x').keys.p256dh;
    expect(() =>
      verifiedVapidClaims(
        String(push?.headers.authorization).replace(/k=[\w-]+$/, `k=${otherKey}`),
        otherKey,
      ),
    ).toThrow(/does not verify/);

    // The delivery is recorded on the notice: a run again of its job sends nothing more.
    const [notice] = await t.database.db
      .select({ pushedAt: notifications.pushedAt })
      .from(notifications)
      .where(eq(notifications.id, noticeId));
    expect(notice?.pushedAt).toBeInstanceOf(Date);
    // Its job run again (a server killed before marking it done) sends nothing more.
    await t.database.db
      .update(jobs)
      .set({ state: 'waiting', runAt: new Date(0) })
      .where(eq(jobs.deliveryKey, `notice:${noticeId}:push`));
    t.app.jobs.wake();
    await waitForJob(t.database.db, `notice:${noticeId}:push`, 'done');
    expect(pushService.pushesTo(subscription.endpoint)).toHaveLength(1);
  });

  it('forgets a subscription the push service answers 410 or 404 for', async () => {
    const gone = await subscribedReader('gone');
    pushService.answer(gone.subscription.endpoint, 410);
    const goneNotice = await notifyQualified(t, gone.userId, 'bea');
    await waitForJob(t.database.db, `notice:${goneNotice}:push`, 'done');
    expect(await subscriptionsOf(t, gone.userId)).toEqual([]);

    const unknown = await subscribedReader('unknown');
    pushService.answer(unknown.subscription.endpoint, 404);
    const unknownNotice = await notifyQualified(t, unknown.userId, 'cai');
    await waitForJob(t.database.db, `notice:${unknownNotice}:push`, 'done');
    expect(await subscriptionsOf(t, unknown.userId)).toEqual([]);
  });

  it('keeps the subscription when the push service fails, and the job retries until it takes it', async () => {
    const { userId, subscription } = await subscribedReader('outage');
    pushService.answer(subscription.endpoint, 500);
    const noticeId = await notifyQualified(t, userId, 'dan');
    const key = `notice:${noticeId}:push`;
    // The first attempt failed: the job waits for its retry, with the push service's answer.
    const failed = await vi.waitFor(
      async () => {
        const row = await jobOf(t.database.db, key);
        if (row?.state !== 'waiting' || row.attempts < 1) throw new Error('not failed yet');
        return row;
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(failed.lastError).toMatch(/500/);
    expect(await subscriptionsOf(t, userId)).toHaveLength(1);

    pushService.answer(subscription.endpoint, 201);
    const done = await waitForJob(t.database.db, key, 'done', 10_000);
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(
      JSON.parse(decryptPush(subscription, pushService.pushesTo(subscription.endpoint).at(-1)!.raw))
        .title,
    ).toBe('dan se ha calificado');
  });

  it('sends nothing when push is off for the event', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await choosePush(t, person, {}, false);
    const subscription = newSubscription(pushService.endpoint(`off-${userId}`));
    await subscribe(t, person, subscription);
    const noticeId = await notifyQualified(t, userId, 'eva');
    expect(await jobOf(t.database.db, `notice:${noticeId}:push`)).toBeUndefined();
    expect(pushService.pushesTo(subscription.endpoint)).toEqual([]);
  });

  it('waits for the end of quiet hours in the person’s time zone', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    // Quiet from an hour ago to two hours on, in Tokyo's wall clock (UTC+9, no summer time).
    const tokyoHour = (new Date().getUTCHours() + 9) % 24;
    const clock = (hour: number) => `${String((hour + 24) % 24).padStart(2, '0')}:00`;
    await choosePush(t, person, {
      time_zone: 'Asia/Tokyo',
      quiet_hours: { start: clock(tokyoHour - 1), end: clock(tokyoHour + 2) },
    });
    const subscription = newSubscription(pushService.endpoint(`quiet-${userId}`));
    await subscribe(t, person, subscription);

    const noticeId = await notifyQualified(t, userId, 'fay');
    const job = await jobOf(t.database.db, `notice:${noticeId}:push`);
    const endsAt = new Date();
    endsAt.setUTCHours(endsAt.getUTCHours() + 2, 0, 0, 0);
    expect(job?.state).toBe('waiting');
    expect(job?.runAt.toISOString()).toBe(endsAt.toISOString());
    expect(pushService.pushesTo(subscription.endpoint)).toEqual([]);
  });
});

describe('the push routes', () => {
  const t = useTestApp();

  it('answer the public key a browser subscribes with, signed in only', async () => {
    const person = await signedInPerson(t);
    const answer = await pushCall(t, person, 'GET', '/public-key');
    expect(answer.statusCode, answer.body).toBe(200);
    const { publicKey } = answer.json().data;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ method: 'GET', url: `${PUSH}/public-key` })).statusCode).toBe(401);
  });

  it('refuse a bad subscription with a 400 that says why', async () => {
    const person = await signedInPerson(t);
    const good = subscriptionBody(newSubscription(pushService.endpoint('bad-bodies')));
    for (const body of [
      {},
      { endpoint: 'not an address', keys: good.keys },
      { endpoint: good.endpoint },
      { endpoint: good.endpoint, keys: { p256dh: '', auth: good.keys.auth } },
    ]) {
      const refused = await pushCall(t, person, 'POST', '/subscriptions', body);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const badKeys = await pushCall(t, person, 'POST', '/subscriptions', {
      endpoint: good.endpoint,
      keys: { p256dh: 'AAAA', auth: good.keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().message).toBe(PUSH_MESSAGES.keysInvalid);
    const noEndpoint = await pushCall(t, person, 'DELETE', '/subscriptions', {});
    expect(noEndpoint.statusCode).toBe(400);
  });

  it('let only the owner delete a subscription, and move a browser to the account that subscribes it last', async () => {
    const owner = await signedInPerson(t);
    const other = await signedInPerson(t);
    const ownerId = await userIdOf(t, owner);
    const otherId = await userIdOf(t, other);
    const subscription = newSubscription(pushService.endpoint(`owned-${ownerId}`));
    await subscribe(t, owner, subscription);

    const stolen = await pushCall(t, other, 'DELETE', '/subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(PUSH_MESSAGES.notSubscribed);
    expect(await subscriptionsOf(t, ownerId)).toHaveLength(1);

    // The same browser signed in to the other account: its subscription follows it.
    await subscribe(t, other, subscription);
    expect(await subscriptionsOf(t, ownerId)).toEqual([]);
    expect(await subscriptionsOf(t, otherId)).toEqual([
      { endpoint: subscription.endpoint, userId: otherId },
    ]);

    const removed = await pushCall(t, other, 'DELETE', '/subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await subscriptionsOf(t, otherId)).toEqual([]);
  });

  it('keep ten browsers per account, dropping the oldest', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const endpoints: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const subscription = newSubscription(pushService.endpoint(`many-${userId}-${index}`));
      endpoints.push(subscription.endpoint);
      await subscribe(t, person, subscription);
    }
    const kept = (await subscriptionsOf(t, userId)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(1).sort());
  });

  it('are erased with the account', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await subscribe(t, person, newSubscription(pushService.endpoint(`deleted-${userId}`)));
    const deleted = await deleteAccount(t, person, deletionOf(person));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await subscriptionsOf(t, userId)).toEqual([]);
  });
});

describe('the push routes in production', () => {
  const t = useTestApp({ env: { NODE_ENV: 'production' } });

  it('refuse an endpoint that is not https, or on this machine or a private network, and store nothing', async () => {
    const person = await signedInPerson(t);
    const { keys } = subscriptionBody(newSubscription(pushService.endpoint('production')));
    const refusals: [string, string][] = [
      [pushService.endpoint('plain-http'), PUSH_MESSAGES.endpointNotHttps],
      ['https://127.0.0.1:9/push/loopback', PUSH_MESSAGES.endpointNotPublic],
      ['https://[::1]/push/loopback', PUSH_MESSAGES.endpointNotPublic],
      ['https://169.254.169.254/latest/meta-data', PUSH_MESSAGES.endpointNotPublic],
      ['https://10.0.0.7/push/private', PUSH_MESSAGES.endpointNotPublic],
      ['https://localhost/push', PUSH_MESSAGES.endpointNotPublic],
    ];
    for (const [endpoint, message] of refusals) {
      const refused = await pushCall(t, person, 'POST', '/subscriptions', { endpoint, keys });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().message, endpoint).toBe(message);
    }
    expect(await subscriptionsOf(t, await userIdOf(t, person))).toEqual([]);
  });
});
