/** The admin commands, and the loopback route the CLI uses while a server owns the data directory. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands.ts';
import { invites } from '../src/db/schema.ts';
import { ADMIN_SECRET_FILE } from '../src/modules/admin/routes.ts';
import { logIn, newPerson, profile, signedInPerson, signUp } from './helpers/auth-flow.ts';
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
