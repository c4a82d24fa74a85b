/**
 * The console's API (/v1/admin): roles, the audit log written in the change's
 * own transaction, and each screen's reads and actions, on PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGE_TEMPLATES, ADMIN_MESSAGES } from '@netpulse/shared/admin';
import { auditLog } from '../../src/db/tables/admin-tables.ts';
import { users } from '../../src/db/tables/auth-tables.ts';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { AUTH_POLICY } from '../../src/modules/auth/auth-policy.ts';
import { logIn, newPerson, profile, signedInPerson, signUp } from '../helpers/auth-flow.ts';
import { consoleCall as admin, signedInAdmin } from '../helpers/admins.ts';
import { dailyClaim, userIdOf } from '../helpers/points.ts';
import { verifyQuest } from '../helpers/quests.ts';
import { rowsOf } from '../helpers/database.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

/** A YouTube channel id, as a /channel/ address names it. */
const CHANNEL_ID = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';

const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('roles', () => {
  it('makes every account a member, the first one included, and refuses members with 403', async () => {
    const member = await signedInPerson(t);
    expect((await profile(t, member.accessToken)).json().data.role).toBe('member');
    for (const url of [
      '/overview',
      '/users',
      '/audit',
      '/invites',
      '/cycles',
      '/reviews',
      '/fraud-signals',
    ]) {
      const response = await admin(t, member, 'GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(ADMIN_MESSAGES.forbidden);
    }
    const action = await admin(t, member, 'POST', `/users/${await userIdOf(t, member)}/actions`, {
      action: 'role',
      role: 'admin',
    });
    expect(action.statusCode).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, member.username));
    expect(row?.role).toBe('member');
  });

  it('answers 401 without a session, before saying anything about the route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/admin/users' });
    expect(response.statusCode).toBe(401);
  });

  it('lets an admin in once the CLI sets the role, and the profile says so', async () => {
    const boss = await signedInAdmin(t);
    expect((await profile(t, boss.accessToken)).json().data.role).toBe('admin');
    expect((await admin(t, boss, 'GET', '/users/abc')).statusCode).toBe(400);
    const pastTheIds = await admin(t, boss, 'GET', '/users/2147483648');
    expect([pastTheIds.statusCode, pastTheIds.json().errors]).toEqual([
      400,
      { userId: [ADMIN_MESSAGES.userNotFound] },
    ]);
    const overview = await admin(t, boss, 'GET', '/overview');
    expect(overview.statusCode, overview.body).toBe(200);
    const data = overview.json().data;
    expect(data.testsPerHour).toHaveLength(168);
    expect(data.signupsPerDay).toHaveLength(30);
    expect(data.signupsPerDay.at(-1).count).toBeGreaterThanOrEqual(1);
    expect(data.currentCycle.name).toBe('Kilo');
    // The server's own counters: the 400 just answered is in this hour.
    expect(data.errorsPerHour).toHaveLength(168);
    expect(data.errorsPerHour.at(-1).clientErrors).toBeGreaterThanOrEqual(1);
    const [audit] = await auditRows('user.role');
    expect(audit).toMatchObject({ adminUserId: null, adminName: 'command line' });
    expect(audit?.before).toEqual({ role: 'member' });
    expect(audit?.after).toEqual({ role: 'admin' });
  });

  it('takes the console from an admin demoted elsewhere within the session-check bound', async () => {
    const boss = await signedInAdmin(t);
    expect((await admin(t, boss, 'GET', '/users')).statusCode).toBe(200);
    // Another server process demotes them: this one learns it at its next check.
    await t.database.db.update(users).set({ role: 'member' }).where(eq(users.id, boss.id));
    t.clock.advance(AUTH_POLICY.sessionRecheckMs + 1);
    expect((await admin(t, boss, 'GET', '/users')).statusCode).toBe(403);
  });

  it('refuses an admin their own role and the last admin’s demotion; another admin can demote', async () => {
    const boss = await signedInAdmin(t);
    const own = await admin(t, boss, 'POST', `/users/${boss.id}/actions`, {
      action: 'role',
      role: 'member',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(ADMIN_MESSAGES.ownRole);

    const second = await signedInAdmin(t);
    const demoted = await admin(t, second, 'POST', `/users/${boss.id}/actions`, {
      action: 'role',
      role: 'member',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // This process forgot the role at once: no waiting for the bound.
    expect((await admin(t, boss, 'GET', '/users')).statusCode).toBe(403);
    const last = await admin(t, second, 'POST', `/users/${second.id}/actions`, {
      action: 'role',
      role: 'member',
    });
    expect(last.statusCode).toBe(409);
  });
});

describe('audit log', () => {
  it('bans with a reason in one transaction with its audit row: before and after, and the user is out', async () => {
    const boss = await signedInAdmin(t);
    const target = await signedInPerson(t);
    const targetId = await userIdOf(t, target);
    expect((await dailyClaim(t, target)).statusCode).toBe(200);

    const ban = await admin(t, boss, 'POST', `/users/${targetId}/actions`, {
      action: 'ban',
      reason: 'farm of five accounts',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json().message).toBe(`${target.username} is banned and signed out everywhere`);
    // The banned user's next request fails.
    expect((await dailyClaim(t, target)).statusCode).toBe(401);

    const [row] = await auditRows('user.ban');
    expect(row).toMatchObject({
      adminUserId: boss.id,
      adminName: boss.username,
      target: `user:${targetId} (${target.username})`,
      reason: 'farm of five accounts',
      before: { banned_at: null, ban_reason: null },
      after: { banned_at: t.clock.now().toISOString(), ban_reason: 'farm of five accounts' },
    });
    // The same transaction wrote the user's row and the audit row.
    const xminOf = async (table: string, id: number) =>
      rowsOf<{ xmin: string }>(
        await t.database.db.execute(
          sql.raw(`select xmin::text as xmin from ${table} where id = ${id}`),
        ),
      )[0]?.xmin;
    const userXmin = { xmin: await xminOf('users', targetId) };
    const auditXmin = { xmin: await xminOf('audit_log', row!.id) };
    expect(userXmin.xmin).toBeDefined();
    expect(userXmin?.xmin).toBe(auditXmin?.xmin);

    const listed = await admin(t, boss, 'GET', '/audit?action=user.ban');
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        action: 'user.ban',
        admin: { id: boss.id, username: boss.username },
        before: { banned_at: null, ban_reason: null, ban_notice: null },
      }),
    ]);
  });

  it('writes nothing for a refused or invalid action', async () => {
    const boss = await signedInAdmin(t);
    const before = (await t.database.db.select().from(auditLog)).length;
    const self = await admin(t, boss, 'POST', `/users/${boss.id}/actions`, {
      action: 'ban',
      reason: 'oops',
    });
    expect(self.statusCode).toBe(409);
    const noReason = await admin(t, boss, 'POST', `/users/${boss.id}/actions`, {
      action: 'ban',
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual([ADMIN_MESSAGES.reasonRequired]);
    const boost = await admin(t, boss, 'POST', `/users/${boss.id}/actions`, {
      action: 'boost',
      multiplier: 1.234,
    });
    expect(boost.statusCode).toBe(400);
    const nobody = await admin(t, boss, 'POST', '/users/999999/actions', { action: 'verify' });
    expect(nobody.statusCode).toBe(404);
    const junk = await admin(t, boss, 'POST', '/users/abc/actions', { action: 'verify' });
    expect(junk.statusCode).toBe(400);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before);
  });

  it('records each action of the console and the CLI, and filters by admin, action and date', async () => {
    const boss = await signedInAdmin(t);
    const person = await signedInPerson(t);
    const id = await userIdOf(t, person);
    for (const body of [
      { action: 'boost', multiplier: 1.5 },
      { action: 'streak', days: 7 },
      { action: 'ban', reason: 'test' },
      { action: 'unban', reason: 'appeal accepted' },
    ]) {
      const response = await admin(t, boss, 'POST', `/users/${id}/actions`, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ additionalBoost: 1.5, dailyStreaks: 7, bannedAt: null });
    await runAdminCommand(t.database.db, ['user', 'boost', person.username, 'none'], t.clock.now());

    const byBoss = (await admin(t, boss, 'GET', `/audit?adminId=${boss.id}`)).json();
    expect(byBoss.data.map((entry: { action: string }) => entry.action)).toEqual([
      'user.unban',
      'user.ban',
      'user.streak',
      'user.boost',
    ]);
    const byCli = (await admin(t, boss, 'GET', '/audit?adminId=0&action=user.boost')).json();
    expect(byCli.data).toHaveLength(1);
    expect(byCli.data[0].after).toEqual({ additional_boost: null });
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(
      (await admin(t, boss, 'GET', `/audit?from=${today}&to=${today}`)).json().meta.total_results,
    ).toBe(6);
    expect((await admin(t, boss, 'GET', '/audit?to=2000-01-01')).json().data).toEqual([]);
    expect((await admin(t, boss, 'GET', '/audit?from=yesterday')).statusCode).toBe(400);
  });
});

describe('users', () => {
  it('finds users by username or email start, and by an address they signed in from', async () => {
    const boss = await signedInAdmin(t);
    const person = newPerson();
    await signedInPerson(t, person);
    t.clock.advance(60_000);
    const signedInFrom = await logIn(t, person.username, person.password, '198.51.100.23');
    expect(signedInFrom.statusCode).toBe(200);

    const byName = (
      await admin(t, boss, 'GET', `/users?q=${person.username.slice(0, 6).toUpperCase()}`)
    ).json();
    expect(byName.data.map((row: { username: string }) => row.username)).toContain(person.username);
    const byEmail = (
      await admin(t, boss, 'GET', `/users?q=${encodeURIComponent(person.email)}`)
    ).json();
    expect(byEmail.data).toEqual([expect.objectContaining({ username: person.username })]);
    const byAddress = (await admin(t, boss, 'GET', '/users?q=198.51.100.23')).json();
    expect(byAddress.data).toEqual([expect.objectContaining({ username: person.username })]);
    const wildcard = (await admin(t, boss, 'GET', '/users?q=%25')).json();
    expect(wildcard.data).toEqual([]);

    const id = byAddress.data[0].id;
    const detail = (await admin(t, boss, 'GET', `/users/${id}`)).json().data;
    expect(detail.user).toMatchObject({
      username: person.username,
      role: 'member',
      verified: true,
    });
    expect(detail.logins[0]).toMatchObject({ address: '198.51.100.23', kind: 'web' });
    // Each social quest by its key and state, never a raw profile flag.
    expect(detail.quests).toHaveLength(12);
    expect(detail.quests).toContainEqual({
      quest: 'youtubeSubscribe',
      state: 'not_started',
      at: null,
    });
    expect(JSON.stringify(detail.quests)).not.toMatch(/is_|_time|true|false/);
    expect((await admin(t, boss, 'GET', '/users/424242')).statusCode).toBe(404);
  });

  it('pages a user’s ledger', async () => {
    const boss = await signedInAdmin(t);
    const person = await signedInPerson(t);
    await dailyClaim(t, person);
    const ledger = (
      await admin(t, boss, 'GET', `/users/${await userIdOf(t, person)}/transactions?pageSize=5`)
    ).json();
    expect(ledger.data).toEqual([
      expect.objectContaining({ transaction_type: 'daily_claim', points_earned: 100 }),
    ]);
    expect(ledger.meta).toMatchObject({ total_results: 1, size: 5 });
  });
});

describe('invites', () => {
  it('creates an invite with a note, lets people register with it, and revokes it', async () => {
    const boss = await signedInAdmin(t);
    const created = await admin(t, boss, 'POST', '/invites', { uses: 2, note: 'Lisbon meetup' });
    expect(created.statusCode, created.body).toBe(200);
    const invite = created.json().data;
    expect(invite).toMatchObject({
      uses_left: 2,
      note: 'Lisbon meetup',
      revoked_at: null,
      used: 0,
    });

    expect((await signUp(t, newPerson(), { referralCode: invite.code })).statusCode).toBe(200);
    const listed = (await admin(t, boss, 'GET', '/invites')).json().data;
    expect(listed[0]).toMatchObject({ id: invite.id, uses_left: 1, used: 1 });

    const revoked = await admin(t, boss, 'DELETE', `/invites/${invite.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await signUp(t, newPerson(), { referralCode: invite.code });
    expect(refused.statusCode).toBe(400);
    expect((await admin(t, boss, 'DELETE', `/invites/${invite.id}`)).statusCode).toBe(409);
    expect((await admin(t, boss, 'DELETE', '/invites/987654')).statusCode).toBe(404);
    expect((await admin(t, boss, 'POST', '/invites', { uses: 0 })).statusCode).toBe(400);
    expect((await auditRows('invite.create')).length).toBe(1);
    expect((await auditRows('invite.revoke'))[0]?.after).toMatchObject({ uses_left: 1 });
  });
});

describe('cycles', () => {
  it('lists the cycles, starts the next with its planned end, and refuses a skip', async () => {
    const boss = await signedInAdmin(t);
    const before = (await admin(t, boss, 'GET', '/cycles')).json().data;
    expect(before).toMatchObject({ next: 'Mega', cycles: [{ name: 'Kilo', is_current: true }] });
    const skip = await admin(t, boss, 'POST', '/cycles', { name: 'Giga' });
    expect(skip.statusCode).toBe(409);
    const past = await admin(t, boss, 'POST', '/cycles', {
      name: 'Mega',
      endsAt: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const endsAt = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
    const started = await admin(t, boss, 'POST', '/cycles', { name: 'Mega', endsAt });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toContain('Kilo has ended; Mega is the current cycle');
    const after = (await admin(t, boss, 'GET', '/cycles')).json().data;
    expect(after.next).toBe('Giga');
    expect(after.cycles[1]).toMatchObject({ name: 'Mega', is_current: true, ends_at: endsAt });
    const [audit] = await auditRows('cycle.start');
    expect(audit?.before).toMatchObject({ current: 'Kilo' });
    expect(audit?.after).toMatchObject({ current: 'Mega', ends_at: endsAt });
  });
});

describe('review queue', () => {
  it('lists YouTube subscriptions waiting and approves or rejects them in bulk', async () => {
    const boss = await signedInAdmin(t);
    const waiting = [await signedInPerson(t), await signedInPerson(t), await signedInPerson(t)];
    const ids = await Promise.all(waiting.map((person) => userIdOf(t, person)));
    // Two ask for the check as the page does, naming their channel; the third asked
    // before the check took a channel.
    const asked = [
      await verifyQuest(t, waiting[0]!, 'youtubeSubscribe', {
        channel: 'https://www.youtube.com/@First_Fan/videos',
      }),
      await verifyQuest(t, waiting[1]!, 'youtubeSubscribe', {
        channel: `youtube.com/channel/${CHANNEL_ID}`,
      }),
    ];
    for (const answer of asked) expect(answer.statusCode, answer.body).toBe(200);
    await t.database.db
      .insert(questProgress)
      .values({ userId: ids[2]!, quest: 'youtubeSubscribe', started: true });

    const queue = (await admin(t, boss, 'GET', '/reviews')).json().data;
    expect(queue).toEqual(
      waiting.map((person, index) => ({
        user_id: ids[index],
        username: person.username,
        email: person.email,
        channel: ['@First_Fan', CHANNEL_ID, null][index],
      })),
    );
    const approved = await admin(t, boss, 'POST', '/reviews', {
      userIds: [ids[0], ids[1], boss.id],
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.map((row: { done: boolean }) => row.done)).toEqual([
      true,
      true,
      false,
    ]);
    const rejected = await admin(t, boss, 'POST', '/reviews', {
      userIds: [ids[2]],
      decision: 'reject',
    });
    expect(rejected.json().data[0].done).toBe(true);

    expect((await profile(t, waiting[0]!.accessToken)).json().data.is_youtube_verifying).toBe(
      'verified',
    );
    expect((await profile(t, waiting[2]!.accessToken)).json().data.is_youtube_verifying).toBe(
      'false',
    );
    expect((await admin(t, boss, 'GET', '/reviews')).json().data).toEqual([]);
    expect(await auditRows('review.approve')).toHaveLength(2);
    expect(
      (await admin(t, boss, 'POST', '/reviews', { userIds: [], decision: 'approve' })).statusCode,
    ).toBe(400);
  });
});

describe('banning an admin', () => {
  it('is refused, from the console alone and in bulk and from the CLI, until they are demoted', async () => {
    const boss = await signedInAdmin(t);
    const other = await signedInAdmin(t);
    const member = await signedInPerson(t);
    const memberId = await userIdOf(t, member);
    const refusal = ADMIN_MESSAGE_TEMPLATES.adminBan(other.username);
    const state = async () => ({
      users: (await t.database.db.select().from(users)).map((user) => ({
        id: user.id,
        role: user.role,
        bannedAt: user.bannedAt,
        banReason: user.banReason,
      })),
      audit: (await t.database.db.select().from(auditLog)).length,
    });
    const before = await state();

    const single = await admin(t, boss, 'POST', `/users/${other.id}/actions`, {
      action: 'ban',
      reason: 'a disagreement',
    });
    expect(single.statusCode).toBe(409);
    expect(single.json()).toEqual({ success: false, message: refusal });

    const cli = await runAdminCommand(
      t.database.db,
      ['user', 'ban', other.username, 'a disagreement'],
      t.clock.now(),
    );
    expect(cli.exitCode).not.toBe(0);
    expect(cli.stderr).toContain(refusal);
    expect(await state()).toEqual(before);

    const bulk = await admin(t, boss, 'POST', '/bans', {
      userIds: [other.id, memberId],
      reason: 'shared address',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().message).toBe('1 of 2 banned');
    expect(bulk.json().data[0]).toMatchObject({ done: false, message: refusal });
    expect(await auditRows('user.ban')).toHaveLength(1);
    // The other admin still has the console.
    expect((await admin(t, other, 'GET', '/users')).statusCode).toBe(200);

    // Demoted first (its own audit row), they can be banned.
    const demoted = await admin(t, boss, 'POST', `/users/${other.id}/actions`, {
      action: 'role',
      role: 'member',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const banned = await admin(t, boss, 'POST', `/users/${other.id}/actions`, {
      action: 'ban',
      reason: 'a disagreement',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(await auditRows('user.ban')).toHaveLength(2);
  });
});

describe('bulk ban', () => {
  it('bans each account on its own and says which were not', async () => {
    const boss = await signedInAdmin(t);
    const farm = [await signedInPerson(t), await signedInPerson(t)];
    const ids = await Promise.all(farm.map((person) => userIdOf(t, person)));
    const response = await admin(t, boss, 'POST', '/bans', {
      userIds: [...ids, boss.id],
      reason: 'shared address',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('2 of 3 banned');
    expect(response.json().data[2]).toMatchObject({ done: false, message: ADMIN_MESSAGES.ownBan });
    for (const person of farm) expect((await dailyClaim(t, person)).statusCode).toBe(401);
    expect(await auditRows('user.ban')).toHaveLength(2);
  });
});
