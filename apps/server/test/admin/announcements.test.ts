/**
 * Announcements (issue 30): the console previews whom one reaches and how its notice reads,
 * writing nothing; a send gives each member reached one notice, in one transaction, audited;
 * the audience leaves out the inactive (no session used in N days), the banned, the erased
 * and whoever turned the app cell off; only an admin may call it, and bad bodies are 400s.
 */
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences } from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { announcements, auditLog } from '../../src/db/tables/admin-tables.ts';
import { notifications } from '../../src/db/tables/notifications-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { announcementAudience } from '../../src/modules/admin/console-read-model.ts';
import { notifyAudience } from '../../src/modules/notifications/index.ts';
import { deleteAccount, deletionOf } from '../helpers/account-data.ts';
import { consoleCall, signedInAdmin } from '../helpers/admins.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { API, DAY_MS, userIdOf } from '../helpers/points.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';

const ANNOUNCEMENT = {
  title: 'Maintenance on Sunday',
  text: 'The servers rest from 02:00 to 03:00 UTC.',
  link: 'https://status.example.org/maintenance',
  activeWithinDays: null,
};

function noticesOf(t: TestApp, person: SignedIn) {
  return t.app.inject({
    method: 'GET',
    url: `${API}/notifications`,
    headers: { authorization: `Bearer ${person.accessToken}` },
  });
}

async function announcementNoticesOf(t: TestApp, person: SignedIn) {
  const listed = await noticesOf(t, person);
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().data as { type: string; title: string }[]).filter(
    (row) => row.type === 'announcement',
  );
}

const countRows = async (t: TestApp) => ({
  notices: (await t.database.db.select().from(notifications)).length,
  announcements: (await t.database.db.select().from(announcements)).length,
  audit: (await t.database.db.select().from(auditLog).where(like(auditLog.action, 'announcement%')))
    .length,
});

describe('/v1/admin/announcements', () => {
  const t = useTestApp();

  it('previews without writing, then sends each member one notice as written, audited', async () => {
    const admin = await signedInAdmin(t);
    const member = await signedInPerson(t);

    const before = await countRows(t);
    const preview = await consoleCall(t, admin, 'POST', '/announcements/preview', ANNOUNCEMENT);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      recipients: 2,
      notice: { title: ANNOUNCEMENT.title, body: ANNOUNCEMENT.text, link: ANNOUNCEMENT.link },
    });
    expect(await countRows(t)).toEqual(before);

    const sent = await consoleCall(t, admin, 'POST', '/announcements', ANNOUNCEMENT);
    expect(sent.statusCode, sent.body).toBe(200);
    const row = sent.json().data;
    expect(row).toMatchObject({
      title: ANNOUNCEMENT.title,
      recipients: 2,
      sent_by: { id: admin.id, username: admin.username },
    });

    const [notice, ...more] = await announcementNoticesOf(t, member);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: ANNOUNCEMENT.title,
      body: ANNOUNCEMENT.text,
      link: ANNOUNCEMENT.link,
      read_at: null,
    });
    const [stored] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `announcement:${row.id}:${await userIdOf(t, member)}`));
    expect(stored?.params).toEqual({ title: ANNOUNCEMENT.title, text: ANNOUNCEMENT.text });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'announcement.send'));
    expect(audit).toEqual([
      expect.objectContaining({
        adminUserId: admin.id,
        target: `announcement:${row.id}`,
        after: { title: ANNOUNCEMENT.title, recipients: 2 },
      }),
    ]);

    const listed = await consoleCall(t, admin, 'GET', '/announcements');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([row]);
    expect(listed.json().meta).toMatchObject({ total_results: 1 });
  });

  it('gives one notice per announcement: the same one told again adds none, a second send adds one', async () => {
    const admin = await signedInAdmin(t);
    const member = await signedInPerson(t);
    const sent = await consoleCall(t, admin, 'POST', '/announcements', ANNOUNCEMENT);
    const { id } = sent.json().data;

    // The same announcement's notices written again (a retried send): each key exists already.
    const again = await inTransaction(t.database.db, (tx) =>
      notifyAudience(tx, {
        audience: announcementAudience(null, t.clock.now()),
        type: 'announcement',
        params: { title: ANNOUNCEMENT.title, text: ANNOUNCEMENT.text },
        link: null,
        dedupeKeyPrefix: `announcement:${id}:`,
      }),
    );
    expect(again).toBe(0);
    expect(await announcementNoticesOf(t, member)).toHaveLength(1);

    const second = await consoleCall(t, admin, 'POST', '/announcements', {
      ...ANNOUNCEMENT,
      title: 'Maintenance done',
    });
    expect(second.json().data.id).not.toBe(id);
    expect((await announcementNoticesOf(t, member)).map((row) => row.title)).toEqual([
      'Maintenance done',
      ANNOUNCEMENT.title,
    ]);
  });

  it('reaches only the recently active, never the banned, the erased or an app cell off', async () => {
    const inactive = await signedInPerson(t);
    t.clock.advance(40 * DAY_MS);
    const admin = await signedInAdmin(t);
    const active = await signedInPerson(t);
    const banned = await signedInPerson(t);
    const erased = await signedInPerson(t);
    const appOff = await signedInPerson(t);
    expect(
      await runAdminCommand(t.database.db, ['user', 'ban', banned.username], t.clock.now()),
    ).toMatchObject({ exitCode: 0 });
    const deleted = await deleteAccount(t, erased, deletionOf(erased));
    expect(deleted.statusCode, deleted.body).toBe(200);
    const preferences = defaultNotificationPreferences();
    preferences.channels.announcement.app = false;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/notifications/preferences`,
      headers: { authorization: `Bearer ${appOff.accessToken}` },
      payload: preferences,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const lately = { ...ANNOUNCEMENT, activeWithinDays: 30 };
    const preview = await consoleCall(t, admin, 'POST', '/announcements/preview', lately);
    expect(preview.json().data.recipients).toBe(2);
    const sent = await consoleCall(t, admin, 'POST', '/announcements', lately);
    expect(sent.json().data.recipients).toBe(2);

    expect(await announcementNoticesOf(t, active)).toHaveLength(1);
    expect(await announcementNoticesOf(t, admin)).toHaveLength(1);
    expect(await announcementNoticesOf(t, appOff)).toHaveLength(0);
    const written = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, 'announcement'));
    const reached = written.map((row) => row.userId).sort((a, b) => a - b);
    expect(reached).toEqual([admin.id, await userIdOf(t, active)].sort((a, b) => a - b));
    expect(reached).not.toContain(await userIdOf(t, inactive));

    // Every member: the inactive one too, still never the banned, erased or app-off.
    const everyone = await consoleCall(t, admin, 'POST', '/announcements/preview', ANNOUNCEMENT);
    expect(everyone.json().data.recipients).toBe(3);
  });

  it.each([
    ['a blank title', { ...ANNOUNCEMENT, title: '  ' }, 'Title is required'],
    ['a long text', { ...ANNOUNCEMENT, text: 'x'.repeat(2001) }, 'Text must be at most 2000'],
    ['a plain http link', { ...ANNOUNCEMENT, link: 'http://a.example' }, 'an https address'],
    ['no days', { ...ANNOUNCEMENT, activeWithinDays: 0 }, 'activeWithinDays'],
  ])('refuses %s with a 400 that says why, writing nothing', async (_name, body, text) => {
    const admin = await signedInAdmin(t);
    const before = await countRows(t);
    for (const url of ['/announcements/preview', '/announcements']) {
      const refused = await consoleCall(t, admin, 'POST', url, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(text);
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('is the console’s: a member is refused with a 403', async () => {
    const member = await signedInPerson(t);
    for (const [method, url] of [
      ['POST', '/announcements/preview'],
      ['POST', '/announcements'],
      ['GET', '/announcements'],
    ] as const) {
      const refused = await consoleCall(
        t,
        member,
        method,
        url,
        method === 'POST' ? ANNOUNCEMENT : undefined,
      );
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect((await countRows(t)).notices).toBe(0);
  });
});
