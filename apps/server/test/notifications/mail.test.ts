/**
 * The notices' mail channel (issue 30): a notice whose mail cell is on is mailed once, in
 * its own job, after the person's quiet hours; the digest gathers the day's notices into
 * one mail; the one-click unsubscribe works signed out; a security notice is not mailed a
 * second time. The two-server case runs in the PostgreSQL pass.
 */
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationPreferences, type NotificationPreferences } from '@netpulse/shared';
import { fromPostgres } from '../../src/db/client.ts';
import { jobs } from '../../src/db/tables/jobs-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { notify, type NewNotice } from '../../src/modules/notifications/index.ts';
import { recordSecurityEvent } from '../../src/modules/security-events/index.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { jobOf, waitForKindSettled } from '../helpers/jobs.ts';
import { mailsOf, parseMail, waitForMailTo, type ReadMail } from '../helpers/mail.ts';
import { noticeMails, offlineNotice, qualifiedNotice } from '../helpers/notices.ts';
import { API, userIdOf } from '../helpers/points.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { freshPostgresDatabase } from '../helpers/test-database.ts';
import { seedMembers } from '../reliability/seed.ts';

const PREFERENCES = `${API}/notifications/preferences`;

async function notifyNow(t: TestApp, notices: NewNotice | NewNotice[]) {
  return inTransaction(t.database.db, (tx) => notify(tx, notices, t.clock.now()));
}

async function choose(
  t: TestApp,
  person: SignedIn,
  change: (preferences: NotificationPreferences) => void,
) {
  const preferences = defaultNotificationPreferences();
  change(preferences);
  const saved = await t.app.inject({
    method: 'PUT',
    url: PREFERENCES,
    headers: { authorization: `Bearer ${person.accessToken}` },
    payload: preferences,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function preferencesOf(t: TestApp, person: SignedIn): Promise<NotificationPreferences> {
  const answer = await t.app.inject({
    method: 'GET',
    url: PREFERENCES,
    headers: { authorization: `Bearer ${person.accessToken}` },
  });
  return answer.json().data;
}

/** The notices' mails once every job of `kind` has run. */
async function settledNoticeMails(t: TestApp, kind = 'notice.mail'): Promise<ReadMail[]> {
  await waitForKindSettled(t.database.db, kind);
  return noticeMails(mailsOf(t));
}

/** The one-click address of a mail's List-Unsubscribe header. */
function unsubscribeUrlOf(mail: ReadMail): URL {
  const header = mail.headers.get('list-unsubscribe') ?? '';
  const address = /^<(https?:\/\/[^>]+)>$/.exec(header)?.[1];
  if (!address) throw new Error(`no one-click address in "${header}"`);
  return new URL(address);
}

describe('a notice by mail', () => {
  const t = useTestApp();

  it('is mailed once with its delivery’s Message-ID, even when its job runs again', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await notifyNow(t, offlineNotice(userId, 'kitchen'));

    const [mail, ...more] = await settledNoticeMails(t);
    expect(more).toEqual([]);
    expect(mail!.to).toBe(person.email);
    expect(mail!.subject).toBe('kitchen went quiet');
    expect(mail!.text).toContain('Your node kitchen has not been heard from for 30 minutes.');
    expect(mail!.text).toContain('http://localhost:8080/nodes');
    expect(mail!.headers.get('message-id')).toMatch(/^<notice-\d+-mail@localhost>$/);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(mail!).pathname).toBe('/v1/api/notifications/unsubscribe');

    // The job run again (a server killed after sending, a lease that ran out): no second mail.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.deliveryKey, 'notice:%:mail'));
    expect(job?.state).toBe('done');
    await t.database.db
      .update(jobs)
      .set({ state: 'waiting', runAt: new Date(0) })
      .where(eq(jobs.id, job!.id));
    t.app.jobs.wake();
    expect(await settledNoticeMails(t)).toHaveLength(1);
    expect((await jobOf(t.database.db, job!.deliveryKey))?.attempts).toBe(2);
  });

  it('is not mailed when its mail cell is off', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    // The referral's mail is off by default; the node's is turned off here.
    await choose(t, person, (preferences) => {
      preferences.channels.node_offline.mail = false;
    });
    await notifyNow(t, [qualifiedNotice(userId, 'ana'), offlineNotice(userId, 'kitchen')]);

    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'notice.mail'));
    expect(queued).toEqual([]);
    expect(noticeMails(mailsOf(t))).toEqual([]);
  });

  it('waits for the end of the person’s quiet hours, in their zone', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await choose(t, person, (preferences) => {
      preferences.quiet_hours = { start: '22:00', end: '07:00' };
      preferences.time_zone = 'Asia/Tokyo';
    });
    // 23:30 in Tokyo; their quiet hours end at 07:00 there, 22:00 UTC.
    t.clock.set('2026-03-10T14:30:00Z');
    await notifyNow(t, offlineNotice(userId, 'kitchen'));

    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'notice.mail'));
    expect(job?.runAt).toEqual(new Date('2026-03-10T22:00:00Z'));
    expect(job?.state).toBe('waiting');
  });

  it('is not mailed a second time for a security event, which mails itself', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const before = mailsOf(t).length;
    await recordSecurityEvent(t.app, { userId, type: 'password_changed' });

    const security = await waitForMailTo(t, person.email, before);
    expect(security.subject).toBe('Your Netpulse password was changed');
    await waitForKindSettled(t.database.db, 'notice.mail');
    expect(mailsOf(t).slice(before)).toHaveLength(1);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, 'notice.mail'))).toEqual([]);
  });
});

describe('the daily digest', () => {
  const t = useTestApp();

  it('gathers the notices not mailed yet into one mail at 08:00 in the person’s zone, once', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await choose(t, person, (preferences) => {
      preferences.mail_mode = 'digest';
      preferences.time_zone = 'Europe/Lisbon';
    });
    await notifyNow(t, [offlineNotice(userId, 'kitchen'), offlineNotice(userId, 'attic')]);
    // In digest mode no notice has a mail of its own.
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, 'notice.mail'))).toEqual([]);

    // 07:30 in Lisbon (UTC+0 in March before the 29th): not yet.
    t.clock.set('2026-03-11T07:30:00Z');
    await t.app.jobs.queueSchedules();
    await waitForKindSettled(t.database.db, 'notices.mail-digest');
    expect(await jobOf(t.database.db, `digest:${userId}:2026-03-11`)).toBeUndefined();

    t.clock.set('2026-03-11T08:30:00Z');
    await t.app.jobs.queueSchedules();
    await waitForKindSettled(t.database.db, 'notices.mail-digest');
    await waitForKindSettled(t.database.db, 'notice.mail-digest');
    const digests = mailsOf(t).filter((mail) => mail.subject.includes('notices'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your Netpulse day: 2 notices');
    expect(digests[0]!.text).toContain('kitchen went quiet');
    expect(digests[0]!.text).toContain('attic went quiet');
    expect(digests[0]!.headers.get('message-id')).toBe(`<digest-${userId}-2026-03-11@localhost>`);

    // The next morning: nothing new, so no mail.
    t.clock.set('2026-03-12T08:30:00Z');
    await t.app.jobs.queueSchedules();
    await waitForKindSettled(t.database.db, 'notices.mail-digest');
    await waitForKindSettled(t.database.db, 'notice.mail-digest');
    expect(mailsOf(t).filter((mail) => mail.subject.includes('notices'))).toHaveLength(1);
  });
});

describe('the one-click unsubscribe', () => {
  const t = useTestApp();

  async function mailedPerson() {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await notifyNow(t, offlineNotice(userId, 'kitchen'));
    const [mail] = await settledNoticeMails(t);
    return { person, userId, url: unsubscribeUrlOf(mail!) };
  }

  it('turns the event’s mail off signed out, and the next notice is not mailed', async () => {
    const { person, userId, url } = await mailedPerson();

    // A browser opening the link is only led to the page: a scanner must not unsubscribe.
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`http://localhost:8080/unsubscribe${url.search}`);
    expect((await preferencesOf(t, person)).channels.node_offline.mail).toBe(true);

    const posted = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({
      success: true,
      message: 'You will no longer get these mails.',
      data: { events: ['node_offline'] },
    });
    const preferences = await preferencesOf(t, person);
    expect(preferences.channels.node_offline.mail).toBe(false);
    expect(preferences.channels.node_offline.app).toBe(true);

    // Clicked twice (an empty body, as the web page sends): still fine.
    const again = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(again.statusCode, again.body).toBe(200);

    await notifyNow(t, offlineNotice(userId, 'attic'));
    expect(await settledNoticeMails(t)).toHaveLength(1);
  });

  it('refuses a forged or altered token with a 400 and a clear message', async () => {
    const { userId, url } = await mailedPerson();
    const token = url.searchParams.get('token')!;
    const [, events, mac] = token.split('.');
    for (const forged of [
      `${userId + 1}.${events}.${mac}`,
      `${userId}.cycle_ended.${mac}`,
      `${userId}.${events}.${'A'.repeat(mac!.length)}`,
      'nonsense',
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}?token=${encodeURIComponent(forged)}`,
      });
      expect(answer.statusCode, forged).toBe(400);
      expect(answer.json().message).toBe(
        'This unsubscribe link is not valid. Choose which mails you get in your notification settings.',
      );
    }
    const missing = await t.app.inject({ method: 'POST', url: url.pathname });
    expect(missing.statusCode).toBe(400);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL))(
  'two servers on one PostgreSQL database (TEST_DATABASE_URL, TEST_REDIS_URL)',
  () => {
    const NOTICES = 200;
    let database: { url: string; drop: () => Promise<void> };
    let a: TestApp;
    let b: TestApp;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_DISABLED: 'true',
      JOBS_POLL_MS: '20',
    };

    beforeAll(async () => {
      database = (await freshPostgresDatabase())!;
      a = await createTestApp({ env, database: fromPostgres(database.url, 4) });
      b = await createTestApp({ env, database: fromPostgres(database.url, 4) });
    }, 120_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it(`mail each of ${NOTICES} notices exactly once`, async () => {
      const members = await seedMembers(
        a.database,
        { authSecret: env.AUTH_SECRET, publicUrl: a.config.PUBLIC_URL },
        NOTICES,
      );
      await notifyNow(
        a,
        members.map((member) => offlineNotice(member.id, 'kitchen')),
      );
      await waitForKindSettled(a.database.db, 'notice.mail', 60_000);

      const mails = [...a.mails(), ...b.mails()].map(parseMail);
      const ids = noticeMails(mails).map((mail) => mail.headers.get('message-id'));
      expect(ids).toHaveLength(NOTICES);
      expect(new Set(ids).size).toBe(NOTICES);
      // Both servers took a share.
      expect(noticeMails(a.mails().map(parseMail)).length).toBeGreaterThan(0);
      expect(noticeMails(b.mails().map(parseMail)).length).toBeGreaterThan(0);
    }, 90_000);
  },
);
