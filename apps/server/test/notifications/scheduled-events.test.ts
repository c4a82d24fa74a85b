/**
 * The time-based notices (issue 30) on the job queue's schedules, at the test clock's time:
 * a node quiet for NODE_OFFLINE_AFTER_MIN is told of once, at most once per 6 hours however
 * it flaps, and "back online" once when its owner was told it had gone; a whole outage is
 * one scan. A streak about to break is told of once, from CLAIM_REMINDER_HOURS before
 * midnight UTC, to whoever has not claimed. An event whose app cell is off makes no notice.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences } from '@netpulse/shared';
import { notifications } from '../../src/db/tables/notifications-tables.ts';
import { nodes } from '../../src/db/tables/nodes-tables.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { runScheduledSlot } from '../helpers/jobs.ts';
import { heartbeat, refreshNode, signedInNode, type SignedInNode } from '../helpers/nodes.ts';
import { call, dailyClaim, laterDays, renewSession, userIdOf } from '../helpers/points.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const scanNodes = (t: TestApp) => runScheduledSlot(t.app, 'nodes.offline-scan', MINUTE);
const remindClaims = (t: TestApp) => runScheduledSlot(t.app, 'claims.reminder', HOUR);

/** The notices of the user, oldest first, as stored. */
async function noticesOf(t: TestApp, userId: number) {
  return t.database.db
    .select({
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
      dedupeKey: notifications.dedupeKey,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

const typesOf = async (t: TestApp, userId: number) =>
  (await noticesOf(t, userId)).map((notice) => notice.type);

/** A heartbeat after the clock moved: the node refreshes its expired access token first. */
async function beatAgain(t: TestApp, node: SignedInNode): Promise<void> {
  const refreshed = await refreshNode(t, node);
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  Object.assign(node, refreshed.json().data);
  const beat = await heartbeat(t, node);
  expect(beat.statusCode, beat.body).toBe(200);
}

describe('a node gone quiet', () => {
  const t = useTestApp({ env: { NODE_LIMIT: '20' } });

  it('is told of once when silent 31 minutes, not at 29, and not again on the next scan', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await signedInNode(t, person, { name: 'Kitchen laptop' });

    t.clock.advance(29 * MINUTE);
    await scanNodes(t);
    expect(await noticesOf(t, userId)).toEqual([]);

    t.clock.advance(2 * MINUTE);
    await scanNodes(t);
    const [told] = await noticesOf(t, userId);
    expect(told).toMatchObject({
      type: 'node_offline',
      params: { node: 'Kitchen laptop', minutes: 30 },
      link: '/nodes',
    });

    t.clock.advance(MINUTE);
    await scanNodes(t);
    t.clock.advance(HOUR);
    await scanNodes(t);
    expect(await typesOf(t, userId)).toEqual(['node_offline']);
  });

  it('says it is back once, then is not told of again within 6 hours, and is after them', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const node = await signedInNode(t, person);

    t.clock.advance(31 * MINUTE);
    await scanNodes(t);
    await beatAgain(t, node);
    t.clock.advance(MINUTE);
    await beatAgain(t, node);
    expect(await typesOf(t, userId)).toEqual(['node_offline', 'node_online']);

    // Quiet again two hours after it was told of: marked, but its owner hears nothing.
    t.clock.advance(2 * HOUR);
    await scanNodes(t);
    const [marked] = await t.database.db
      .select({ offlineSince: nodes.offlineSince })
      .from(nodes)
      .where(eq(nodes.id, node.nodeId));
    expect(marked?.offlineSince).not.toBeNull();
    // Back from an absence nobody was told of: no "back online" either.
    await beatAgain(t, node);
    expect(await typesOf(t, userId)).toEqual(['node_offline', 'node_online']);

    // Quiet once more, past 6 hours since the first notice: told again, and back again.
    t.clock.advance(4 * HOUR + MINUTE);
    await scanNodes(t);
    await beatAgain(t, node);
    expect(await typesOf(t, userId)).toEqual([
      'node_offline',
      'node_online',
      'node_offline',
      'node_online',
    ]);
  });

  it('is heard from by a test it opens as well as by a heartbeat', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const node = await signedInNode(t, person);
    t.clock.advance(31 * MINUTE);
    await scanNodes(t);
    const refreshed = await refreshNode(t, node);
    Object.assign(node, refreshed.json().data);
    const opened = await call(t, node, 'POST', '/speedtests');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await typesOf(t, userId)).toEqual(['node_offline', 'node_online']);
  });

  it('marks a whole outage in one scan, each node told of once, and never a removed node or a browser', async () => {
    const people: { person: SignedIn; userId: number; nodes: SignedInNode[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const person = await signedInPerson(t);
      const owned: SignedInNode[] = [];
      for (let n = 0; n < 5; n++) owned.push(await signedInNode(t, person, { name: `node ${n}` }));
      people.push({ person, userId: await userIdOf(t, person), nodes: owned });
    }
    const first = people[0]!;
    const removedNode = first.nodes[4]!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/api/nodes/${removedNode.nodeId}`,
      headers: { authorization: `Bearer ${first.person.accessToken}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const browser = await call(t, first.person, 'POST', '/nodes', {
      payload: { nodeId: crypto.randomUUID(), kind: 'browser', name: 'Firefox' },
    });
    expect(browser.statusCode, browser.body).toBe(200);

    t.clock.advance(45 * MINUTE);
    await scanNodes(t);
    for (const { userId, nodes: owned } of people) {
      const told = await noticesOf(t, userId);
      const expected = owned.filter((node) => node !== removedNode);
      // The dedupe key is node_offline:<node id>:<marked at>.
      expect(told.map((notice) => notice.dedupeKey.split(':')[1]).sort()).toEqual(
        expected.map((node) => node.nodeId).sort(),
      );
      expect(told.every((notice) => notice.type === 'node_offline')).toBe(true);
    }
  });

  it('tells nothing in the app to a person who turned the app off for it, yet marks the node', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const preferences = defaultNotificationPreferences();
    preferences.channels.node_offline.app = false;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/api/notifications/preferences',
      headers: { authorization: `Bearer ${person.accessToken}` },
      payload: preferences,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const node = await signedInNode(t, person);

    t.clock.advance(31 * MINUTE);
    await scanNodes(t);
    await beatAgain(t, node);
    expect(await noticesOf(t, userId)).toEqual([]);
    const [row] = await t.database.db
      .select({ notifiedAt: nodes.offlineNotifiedAt })
      .from(nodes)
      .where(and(eq(nodes.id, node.nodeId)));
    expect(row?.notifiedAt).not.toBeNull();
  });
});

describe('the claim reminder', () => {
  // The clock starts at noon UTC: the claims below are on day one, the reminder on day two.
  const t = useTestApp();

  it('tells, from 21:00 UTC, once, who claimed yesterday and not today, its streak named', async () => {
    const waiting = await signedInPerson(t);
    const claimed = await signedInPerson(t);
    const neverClaimed = await signedInPerson(t);
    for (const person of [waiting, claimed]) {
      expect((await dailyClaim(t, person)).statusCode).toBe(200);
    }
    await laterDays(t, waiting);
    await renewSession(t, claimed);
    for (const person of [waiting, claimed]) {
      expect((await dailyClaim(t, person)).statusCode).toBe(200);
    }
    // Day three: `claimed` claims at once, `waiting` does not.
    await laterDays(t, claimed);
    await renewSession(t, waiting);
    expect((await dailyClaim(t, claimed)).statusCode).toBe(200);

    t.clock.set(`${t.clock.now().toISOString().slice(0, 10)}T20:59:00.000Z`);
    await remindClaims(t);
    const ids = {
      waiting: await userIdOf(t, waiting),
      claimed: await userIdOf(t, claimed),
      neverClaimed: await userIdOf(t, neverClaimed),
    };
    expect(await noticesOf(t, ids.waiting)).toEqual([]);

    t.clock.advance(MINUTE);
    await remindClaims(t);
    t.clock.advance(HOUR);
    await remindClaims(t);
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(await noticesOf(t, ids.waiting)).toEqual([
      {
        type: 'claim_reminder',
        params: { streak: 2 },
        link: '/quests',
        dedupeKey: `claim_reminder:${ids.waiting}:${day}`,
      },
    ]);
    expect(await noticesOf(t, ids.claimed)).toEqual([]);
    expect(await noticesOf(t, ids.neverClaimed)).toEqual([]);

    await renewSession(t, waiting);
    const list = await call(t, waiting, 'GET', '/notifications');
    expect(list.json().data[0]).toMatchObject({
      title: 'Your daily claim is waiting',
      body: 'Claim today’s Bytes before midnight UTC to keep your 2 days streak.',
    });
  });

  it('tells nothing to a person who turned the app off for it', async () => {
    const person = await signedInPerson(t);
    const preferences = defaultNotificationPreferences();
    preferences.channels.claim_reminder.app = false;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/api/notifications/preferences',
      headers: { authorization: `Bearer ${person.accessToken}` },
      payload: preferences,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    await laterDays(t, person);
    t.clock.set(`${t.clock.now().toISOString().slice(0, 10)}T22:00:00.000Z`);
    await remindClaims(t);
    expect(await noticesOf(t, await userIdOf(t, person))).toEqual([]);
  });
});

describe('the extension’s notices', () => {
  const t = useTestApp({ env: { NODE_LIMIT: '20' } });

  const selfNotices = (node: { accessToken: string }) =>
    call(t, node, 'GET', '/nodes/self/notices');

  it('are its own node’s offline and back-online notices and the claim reminder, in the account’s language, while the extension cell is on', async () => {
    const person = await signedInPerson(t);
    const mine = await signedInNode(t, person, { name: 'Mine' });
    const other = await signedInNode(t, person, { name: 'Other' });
    expect((await dailyClaim(t, person)).statusCode).toBe(200);

    // The next day at 21:00: both nodes quiet since yesterday noon, the claim not made.
    t.clock.set('2026-03-11T21:00:00.000Z');
    await scanNodes(t);
    await remindClaims(t);
    await beatAgain(t, mine);

    const answered = await selfNotices(mine);
    expect(answered.statusCode, answered.body).toBe(200);
    const [latest, ...earlier] = answered.json().data;
    expect(latest).toEqual({
      id: expect.any(String),
      type: 'node_online',
      title: 'Mine is back online',
      body: 'Your node Mine is testing again.',
      link: '/nodes',
      action: 'Open Nodes',
      created_at: expect.any(String),
    });
    // The scan and the reminder are two jobs on the queue: either may finish first, so
    // the two older notices come in either order.
    expect(earlier).toHaveLength(2);
    expect(earlier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'claim_reminder', link: '/quests', action: 'Claim now' }),
        expect.objectContaining({ type: 'node_offline', title: 'Mine went quiet' }),
      ]),
    );

    // In Spanish once the account chose it; without the reminder once its extension cell is off.
    await renewSession(t, person);
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/v1/api/account/preferences',
      headers: { authorization: `Bearer ${person.accessToken}` },
      payload: { locale: 'es' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const preferences = defaultNotificationPreferences();
    preferences.channels.claim_reminder.extension = false;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/api/notifications/preferences',
      headers: { authorization: `Bearer ${person.accessToken}` },
      payload: preferences,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await beatAgain(t, other);
    const spanish = (await selfNotices(other)).json().data;
    expect(spanish.map((notice: { type: string }) => notice.type)).toEqual([
      'node_online',
      'node_offline',
    ]);
    expect(spanish[0]).toMatchObject({ action: 'Abrir Nodos' });
  });

  it('are refused to a web session (403)', async () => {
    const person = await signedInPerson(t);
    const answered = await selfNotices(person);
    expect(answered.statusCode, answered.body).toBe(403);
  });
});
