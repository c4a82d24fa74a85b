/** The admin commands, and the loopback route the CLI uses while a server owns the data directory. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin-commands.ts';
import { users } from '../src/db/tables/auth-tables.ts';
import { invites } from '../src/db/tables/invites-tables.ts';
import { pointTransactions } from '../src/db/tables/ledger-tables.ts';
import { seasons } from '../src/db/tables/seasons-tables.ts';
import { ADMIN_SECRET_FILE } from '../src/modules/cli-relay/relay-address.ts';
import { logIn, newPerson, profile, signedInPerson, signUp } from './helpers/auth-flow.ts';
import { dailyClaim, renewSession } from './helpers/points.ts';
import { useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

describe('admin commands', () => {
  it('invite prints only a new single-use code; --uses sets how many', async () => {
    const single = await runAdminCommand(t.database.db, ['invite']);
    expect(single.exitCode).toBe(0);
    expect(single.stdout).toMatch(/^[23456789A-HJKMNP-Z]{8}\n$/);
    const many = await runAdminCommand(t.database.db, ['invite', '--uses', '5']);
    const [row] = await t.database.db
      .select()
      .from(invites)
      .where(eq(invites.code, many.stdout.trim()));
    expect(row?.usesLeft).toBe(5);
  });

  it.each([['0'], ['-1'], ['two'], ['']])(
    'invite --uses %j is refused and creates nothing',
    async (uses) => {
      const before = await t.database.db.select().from(invites);
      const result = await runAdminCommand(t.database.db, ['invite', '--uses', uses]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('--uses must be a whole number');
      expect(await t.database.db.select().from(invites)).toHaveLength(before.length);
    },
  );

  it('user verify lets an unverified person log in, and user show tells the state', async () => {
    const person = newPerson();
    await signUp(t, person);
    const shown = await runAdminCommand(t.database.db, ['user', 'show', person.username]);
    expect(shown.stdout).toContain(`username: ${person.username}`);
    expect(shown.stdout).toContain('verified: no');
    expect((await logIn(t, person.username)).statusCode).toBe(403);

    const verified = await runAdminCommand(t.database.db, ['user', 'verify', person.username]);
    expect(verified).toMatchObject({ exitCode: 0, stdout: `${person.username} is now verified\n` });
    expect((await logIn(t, person.username)).statusCode).toBe(200);
  });

  it('user ban ends the sessions of that user and keeps them out', async () => {
    const person = await signedInPerson(t);
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    const result = await runAdminCommand(t.database.db, ['user', 'ban', person.username]);
    expect(result.exitCode).toBe(0);
    expect((await profile(t, person.accessToken)).statusCode).toBe(401);
    expect((await logIn(t, person.username)).statusCode).toBe(403);
  });

  it('user streak restores a streak whose milestone can then be claimed, today counted', async () => {
    const person = await signedInPerson(t);
    const now = t.clock.now();
    const restored = await runAdminCommand(
      t.database.db,
      ['user', 'streak', person.username, '7'],
      now,
    );
    expect(restored).toMatchObject({
      exitCode: 0,
      stdout: `${person.username} now has a 7-day streak, today claimed\n`,
    });
    expect((await profile(t, person.accessToken)).json().data).toMatchObject({
      daily_streaks: 7,
      last_claimed_at: now.toISOString(),
    });
    expect((await dailyClaim(t, person)).statusCode).toBe(409);
    const milestone = await t.app.inject({
      method: 'POST',
      url: '/v1/api/claim-streaks-points',
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    expect(milestone.statusCode, milestone.body).toBe(200);
    expect(milestone.json().data.points_earned).toBe(1000);
  });

  it.each([['0'], ['29'], ['seven'], ['']])(
    'user streak %j is refused and changes nothing',
    async (days) => {
      const person = await signedInPerson(t);
      const result = await runAdminCommand(t.database.db, [
        'user',
        'streak',
        person.username,
        days,
      ]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('DAYS must be a whole number from 1 to 28');
      expect((await profile(t, person.accessToken)).json().data.daily_streaks).toBe(0);
    },
  );

  it('an unknown user or command fails with a message', async () => {
    expect(await runAdminCommand(t.database.db, ['user', 'show', 'nobody_here'])).toMatchObject({
      exitCode: 1,
      stderr: 'No user named "nobody_here"\n',
    });
    const usage = await runAdminCommand(t.database.db, ['frobnicate']);
    expect(usage.exitCode).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run admin');
  });
});

describe('season commands', () => {
  const admin = (...argv: string[]) => runAdminCommand(t.database.db, argv, t.clock.now());
  const cycles = () =>
    t.database.db
      .select({ name: seasons.name, isCurrent: seasons.isCurrent, endedAt: seasons.endedAt })
      .from(seasons)
      .orderBy(seasons.id);

  it('season list shows Kilo, current since the first start', async () => {
    const list = await admin('season', 'list');
    expect(list).toMatchObject({ exitCode: 0, stderr: '' });
    expect(list.stdout).toBe(`Kilo    started ${t.clock.now().toISOString()}  current\n`);
  });

  it('season start ends the current cycle and starts the next; credits go to the new one', async () => {
    const person = await signedInPerson(t);
    t.clock.advance(3600_000);
    const started = await admin('season', 'start', 'Mega', '--ends', '2026-06-30');
    expect(started).toMatchObject({
      exitCode: 0,
      stdout:
        'Kilo has ended; Mega is the current cycle, planned to end 2026-06-30T00:00:00.000Z\n',
    });
    expect(await cycles()).toEqual([
      { name: 'Kilo', isCurrent: false, endedAt: t.clock.now() },
      { name: 'Mega', isCurrent: true, endedAt: null },
    ]);
    const list = (await admin('season', 'list')).stdout.split('\n');
    expect(list[0]).toContain(`ended ${t.clock.now().toISOString()}`);
    expect(list[1]).toContain('current, planned to end 2026-06-30T00:00:00.000Z');

    await renewSession(t, person);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    const [credit] = await t.database.db.select().from(pointTransactions);
    const [mega] = await t.database.db.select().from(seasons).where(eq(seasons.name, 'Mega'));
    expect(credit?.seasonId).toBe(mega?.id);
  });

  it.each([
    [['Foo'], 'Unknown cycle "Foo": the cycles are Kilo, Mega, Giga, Terra, Peta'],
    [['Giga'], 'Kilo is the current cycle, so the next is Mega, not Giga'],
    [['Kilo'], 'Kilo is the current cycle, so the next is Mega, not Kilo'],
    [['Mega', '--ends', '2020-01-01'], '--ends must be a future date'],
    [['Mega', '--ends', 'soon'], '--ends must be a future date'],
    [['Mega', '--ends'], '--ends must be a future date'],
  ])('season start %j is refused with a message and changes nothing', async (args, message) => {
    const before = await cycles();
    const result = await admin('season', 'start', ...args);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await cycles()).toEqual(before);
  });

  it('runs the cycles in order up to Peta, and none after it', async () => {
    for (const name of ['Mega', 'Giga', 'Terra', 'Peta']) {
      t.clock.advance(60_000);
      expect((await admin('season', 'start', name)).exitCode).toBe(0);
    }
    const after = await admin('season', 'start', 'Kilo');
    expect(after.stderr).toBe('Peta is the last cycle; none comes after it\n');
    expect((await cycles()).filter((cycle) => cycle.isCurrent).map((c) => c.name)).toEqual([
      'Peta',
    ]);
    expect((await admin('season', 'list')).stdout.trim().split('\n')).toHaveLength(5);
  });

  it('season without an action prints the usage', async () => {
    const result = await admin('season');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('season start NAME');
  });
});

describe('user boost', () => {
  const boostOf = async (username: string) => {
    const [user] = await t.database.db
      .select({ additionalBoost: users.additionalBoost })
      .from(users)
      .where(eq(users.username, username));
    return user?.additionalBoost;
  };

  it('sets and clears the Elite Role boost', async () => {
    const person = await signedInPerson(t);
    expect(await runAdminCommand(t.database.db, ['user', 'boost', person.username, '1.5'])).toEqual(
      {
        exitCode: 0,
        stdout: `${person.username} now has an Elite Role boost of 1.5x\n`,
        stderr: '',
      },
    );
    expect(await boostOf(person.username)).toBe(1.5);
    const shown = await runAdminCommand(t.database.db, ['user', 'show', person.username]);
    expect(shown.stdout).toContain('elite boost: 1.5');

    const cleared = await runAdminCommand(t.database.db, [
      'user',
      'boost',
      person.username,
      'none',
    ]);
    expect(cleared.stdout).toBe(`${person.username} has no Elite Role boost\n`);
    expect(await boostOf(person.username)).toBeNull();
  });

  it.each([['0'], ['-1'], ['abc'], ['1.234'], ['101'], ['']])(
    'refuses the multiplier %j and changes nothing',
    async (multiplier) => {
      const person = await signedInPerson(t);
      await runAdminCommand(t.database.db, ['user', 'boost', person.username, '2']);
      const result = await runAdminCommand(t.database.db, [
        'user',
        'boost',
        person.username,
        multiplier,
      ]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('MULTIPLIER must be a number above 0 and at most 100');
      expect(await boostOf(person.username)).toBe(2);
    },
  );
});

describe('POST /v1/admin/commands', () => {
  const secret = () => readFileSync(join(t.config.DATA_DIR, ADMIN_SECRET_FILE), 'utf8').trim();
  const call = (authorization: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/admin/commands',
      remoteAddress,
      headers: { authorization },
      payload: { argv: ['invite'] },
    });

  it('runs a command for a loopback caller holding the secret', async () => {
    const response = await call(`Bearer ${secret()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.stdout).toMatch(/^[A-Z0-9]{8}\n$/);
  });

  it('refuses a wrong secret and any address but loopback, creating nothing', async () => {
    const before = (await t.database.db.select().from(invites)).length;
    expect((await call('Bearer wrong')).statusCode).toBe(403);
    expect((await call(`Bearer ${secret()}`, '10.1.2.3')).statusCode).toBe(403);
    expect((await t.database.db.select().from(invites)).length).toBe(before);
  });
});
