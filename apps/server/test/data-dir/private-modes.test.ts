/**
 * Everything under DATA_DIR is the server's user's alone: 0700 folders, 0600
 * files. A server (and the admin CLI) makes a new DATA_DIR so, mail included,
 * and mends an older one at its start, saying so in one line, once; a symbolic
 * link inside is neither followed nor changed. The server and the CLI run as
 * processes, as an operator runs them (always on PGlite: DATA_DIR is its home).
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { solve } from '../helpers/captcha.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createFileMailer } from '../../src/providers/mail/file-mailer.ts';
import { runAdmin } from '../backups/admin-process.ts';
import { embeddedDataDir, newFolder, removeFolders } from '../backups/data-dirs.ts';
import { notPrivate, pathCount } from '../helpers/file-modes.ts';
import { callServer, startServer } from '../reliability/server-process.ts';
import { onPostgres } from '../helpers/test-database.ts';

const PUBLIC_URL = 'http://netpulse.test';
/** The aged DATA_DIRs start from the run's migrated PGlite dump, which only the PGlite pass makes. */
const MENDED = /DATA_DIR was readable by other users: made (\d+) files and folders private/g;

afterAll(removeFolders);

/** The mend lines in a process's output. */
const mendLines = (output: string) => [...output.matchAll(MENDED)];

/** Opens every path under `root` as an older version left it: folders 0755, files 0666 or 0644. */
function ageDataDir(root: string): number {
  let changed = 0;
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    chmodSync(path, stats.isDirectory() ? 0o755 : changed % 2 ? 0o666 : 0o644);
    changed += 1;
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return changed;
}

/** Signs the first account up through the server's API, so it writes a verification mail. */
async function signUpFirstAccount(url: string, output: () => string): Promise<void> {
  await expect.poll(() => /register\?ref=(\w+)/.exec(output())?.[1]).toBeDefined();
  const referralCode = /register\?ref=(\w+)/.exec(output())![1]!;
  const challenge = await callServer(url, 'GET', '/v1/api/captcha/challenge');
  const { parameters, signature } = challenge!.body as unknown as Parameters<typeof solve>[0];
  const signup = await callServer(url, 'POST', '/v1/api/auth/signup', {
    payload: {
      email: 'first@example.com',
      username: 'first_member',
      password: 'a long and unusual passphrase',
      confirmPassword: 'a long and unusual passphrase',
      referralCode,
      captchaResponse: await solve({ parameters, signature }),
    },
  });
  expect(signup?.status, JSON.stringify(signup?.body)).toBe(200);
}

describe('DATA_DIR is the server user’s alone', () => {
  it('a server makes a new DATA_DIR 0700 folders and 0600 files, its mail included, and says nothing', async () => {
    const dataDir = join(newFolder(), 'data');
    const server = await startServer({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      ALTCHA_MAX_NUMBER: '1000',
      RATE_LIMIT_DISABLED: 'true',
    });
    try {
      await signUpFirstAccount(server.url, server.output);
      const mailDir = join(dataDir, 'mail');
      await expect
        .poll(() => (existsSync(mailDir) ? readdirSync(mailDir) : []), { timeout: 20_000 })
        .toHaveLength(1);
      // The database, the lock, the secrets, the relay's address, the mailbox: all there.
      for (const name of [
        'pgdata',
        'server.lock',
        'auth-secret',
        'admin-secret',
        'admin-address',
      ]) {
        expect(existsSync(join(dataDir, name)), name).toBe(true);
      }
      expect(notPrivate(dataDir)).toEqual([]);
      expect(await server.kill('SIGTERM')).toBe(0);
      // What the stop writes (the checkpoint) is private too.
      expect(notPrivate(dataDir)).toEqual([]);
      expect(pathCount(dataDir)).toBeGreaterThan(100);
      expect(mendLines(server.output())).toEqual([]);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 120_000);

  it.skipIf(onPostgres)(
    'a server mends an older DATA_DIR at its start in one line, and leaves a linked file outside alone',
    async () => {
      const { dataDir, database } = await embeddedDataDir();
      await database.close();
      mkdirSync(join(dataDir, 'mail'));
      writeFileSync(join(dataDir, 'mail', '1-000001-reset-password.eml'), 'a reset link');
      const outside = join(newFolder(), 'notes.txt');
      writeFileSync(outside, 'not the server’s to change');
      chmodSync(outside, 0o644);
      symlinkSync(outside, join(dataDir, 'notes-link'));
      const aged = ageDataDir(dataDir);
      expect(notPrivate(dataDir)).toHaveLength(aged);

      const server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL });
      try {
        expect(notPrivate(dataDir)).toEqual([]);
        const lines = mendLines(server.output());
        expect(lines, server.output()).toHaveLength(1);
        expect(Number(lines[0]![1])).toBe(aged);
        expect(statSync(outside).mode & 0o777).toBe(0o644);
        expect(readFileSync(join(dataDir, 'notes-link'), 'utf8')).toBe(
          'not the server’s to change',
        );
        expect(await server.kill('SIGTERM')).toBe(0);
      } finally {
        await server.kill('SIGKILL');
      }

      // Nothing left to mend: the next start says nothing.
      const again = await startServer({ DATA_DIR: dataDir, PUBLIC_URL });
      try {
        expect(mendLines(again.output())).toEqual([]);
        expect(await again.kill('SIGTERM')).toBe(0);
      } finally {
        await again.kill('SIGKILL');
      }
      expect(notPrivate(dataDir)).toEqual([]);
    },
    150_000,
  );

  it.skipIf(onPostgres)(
    'the admin CLI mends an older DATA_DIR the same way (on stderr), and creates a new one private',
    async () => {
      const { dataDir, database } = await embeddedDataDir();
      await database.close();
      const aged = ageDataDir(dataDir);
      const list = await runAdmin({ DATA_DIR: dataDir }, 'season', 'list');
      expect(list.exitCode, list.stderr).toBe(0);
      expect(list.stdout).toMatch(/^Kilo /);
      expect(mendLines(list.stderr).map((line) => Number(line[1]))).toEqual([aged]);
      expect(notPrivate(dataDir)).toEqual([]);
      const quiet = await runAdmin({ DATA_DIR: dataDir }, 'season', 'list');
      expect(quiet).toMatchObject({ exitCode: 0, stderr: '' });

      const created = join(newFolder(), 'new-data');
      const invite = await runAdmin({ DATA_DIR: created }, 'invite', '--create');
      expect(invite, invite.stderr).toMatchObject({ exitCode: 0, stderr: '' });
      expect(notPrivate(created)).toEqual([]);
      expect(pathCount(created)).toBeGreaterThan(100);
    },
    120_000,
  );

  it('the development mailbox writes each mail 0600 in a 0700 folder, whatever the umask', async () => {
    const dataDir = newFolder();
    const quiet = { info: () => {} } as unknown as FastifyBaseLogger;
    // This test process keeps its usual umask (a file made without a mode is open to others):
    // the modes must come from the mailer.
    const probe = join(dataDir, 'probe');
    writeFileSync(probe, '');
    expect(statSync(probe).mode & 0o077).not.toBe(0);
    rmSync(probe);
    const mailer = createFileMailer(
      join(dataDir, 'mail'),
      'Netpulse <noreply@netpulse.test>',
      quiet,
    );
    await mailer.send({
      purpose: 'reset-password',
      to: 'someone@example.com',
      subject: 'Reset your password',
      text: 'https://netpulse.test/reset-password?token=secret',
      html: '<p>reset</p>',
    });
    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
    expect(notPrivate(dataDir)).toEqual([]);
  });
});
