/**
 * The operator's commands (docs/ARCHITECTURE.md section 3): `npm run admin -- ...`
 * parsed into the admin actions the console runs too (modules/admin), as the
 * operator at the command line. They take the database and the arguments and
 * return what to print, so the CLI can run them on the database directly or hand
 * them to the running server when it owns the PGlite directory.
 */
import { explorerPeriodField, ROLES, type Role } from '@netpulse/shared';
import { MAX_BOOST, MAX_STREAK_DAYS } from '@netpulse/shared/admin';
import { resolve } from 'node:path';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Config } from '../env.ts';
import {
  type AuthSecretSource,
  BackupRefusedError,
  postgresCommands,
  restoreBackup,
  SHA256_HEX,
  writeBackup,
} from '../modules/backups/index.ts';
import { periodsToRebuild, rebuildPeriod } from '../modules/explorer/index.ts';
import { startedSeasons } from '../modules/seasons/index.ts';
import {
  banAccount,
  createInviteAction,
  decideYoutubeReview,
  findUserByName,
  restoreStreak,
  setBoost,
  setRole,
  startCycle,
  unbanAccount,
  verifyUser,
  type ActionOutcome,
  COMMAND_LINE,
} from '../modules/admin/index.ts';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Lets the CLI set up a database where there is none (it refuses otherwise). */
export const CREATE_FLAG = '--create';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [${CREATE_FLAG}]
  invite [--uses N] [--note TEXT]    print a new invite code (single use by default)
  season list                        list the cycles that have started
  season start NAME [--ends DATE]    end the current cycle and start the next (Kilo, Mega,
                                     Giga, Terra, Peta); --ends records its planned end
  user show NAME                     show a user's account
  user verify NAME                   mark a user's email as verified
  user ban NAME [--reason TEXT]      suspend a user and end their sessions
  user unban NAME [--reason TEXT]    let a banned user sign in again
  user role NAME admin|member        let a user open the console (/admin), or not
  user boost NAME MULTIPLIER|none    set (e.g. 1.5) or clear a user's Elite Role boost
  user streak NAME DAYS              restore a daily streak (1 to 28 days, today claimed),
                                     e.g. one broken by an outage
  quest youtube approve|reject NAME  decide a YouTube subscription waiting for review
  backup FILE                        write a backup of the embedded database to FILE (a new
                                     file), while the server runs or not; with DATABASE_URL,
                                     print the pg_dump and pg_restore commands to use
  restore FILE --expect-sha256 HEX   restore a backup into an empty or new DATA_DIR, with the
                                     server stopped; HEX is the SHA-256 backup printed
  explorer rebuild [--period P]      rebuild the explorer's figures of P (YYYY-MM or
                                     last-30-days); without it, what the daily job rebuilds
Every command that changes something writes the audit log (who: "command line").
The database is the server's (DATA_DIR or DATABASE_URL, as for npm start); ${CREATE_FLAG} sets up
a new one where there is none.`;

const ok = (stdout: string): CommandResult => ({ exitCode: 0, stdout: `${stdout}\n`, stderr: '' });
const fail = (stderr: string): CommandResult => ({
  exitCode: 1,
  stdout: '',
  stderr: `${stderr}\n`,
});

/** The value after `--name`, or undefined when the flag is absent. */
function flagValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : (args[at + 1] ?? '');
}

/** The text of a --flag (without the flags) or undefined. */
function textFlag(args: string[], name: string): string | undefined {
  const value = flagValue(args, name);
  return value === undefined ? undefined : value.trim();
}

/** An action's outcome as the CLI prints it. */
const printed = (outcome: ActionOutcome<unknown>): CommandResult =>
  outcome.done ? ok(outcome.message) : fail(outcome.message);

async function invite(db: Database, args: string[], now: Date): Promise<CommandResult> {
  const usesText = flagValue(args, 'uses') ?? '1';
  const uses = Number(usesText);
  if (!/^\d+$/.test(usesText) || !Number.isInteger(uses) || uses < 1 || uses > 1_000_000) {
    return fail(`--uses must be a whole number from 1 to 1000000, not "${usesText}"`);
  }
  const note = textFlag(args, 'note');
  if (note !== undefined && note.length > 200) return fail('--note has at most 200 characters');
  // Only the code on stdout, so scripts can take it as it is.
  return printed(await createInviteAction(db, COMMAND_LINE, { uses, note: note || null }, now));
}

const isoOrDash = (time: Date | null) => time?.toISOString() ?? '-';

async function seasonCommand(db: Database, args: string[], now: Date): Promise<CommandResult> {
  const [action, name] = args;
  if (action === 'list') {
    const lines = (await startedSeasons(db)).map((season) =>
      [
        season.name.padEnd(6),
        `started ${season.startedAt.toISOString()}`,
        season.isCurrent
          ? `current${season.endsAt ? `, planned to end ${season.endsAt.toISOString()}` : ''}`
          : `ended ${isoOrDash(season.endedAt)}`,
      ].join('  '),
    );
    return ok(lines.join('\n'));
  }
  if (action !== 'start' || !name || name.startsWith('--')) return fail(ADMIN_USAGE);
  const endsText = flagValue(args, 'ends');
  let endsAt: Date | undefined;
  if (endsText !== undefined) {
    endsAt = new Date(endsText);
    if (!/^\d{4}-\d{2}-\d{2}/.test(endsText) || Number.isNaN(endsAt.getTime()) || endsAt <= now) {
      return fail(
        `--ends must be a future date as YYYY-MM-DD or an ISO time such as 2026-06-30T00:00:00Z, not "${endsText}"`,
      );
    }
  }
  return printed(await startCycle(db, COMMAND_LINE, name, endsAt, now));
}

/** MULTIPLIER as a number with at most two decimals in (0, MAX_BOOST], null for "none". */
function parseBoost(text: string): number | null | undefined {
  if (text.toLowerCase() === 'none') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const boost = Number(text);
  return boost > 0 && boost <= MAX_BOOST ? boost : undefined;
}

/** DAYS of `user streak`: a whole number of days a streak can have. */
function parseStreakDays(text: string): number | undefined {
  const days = Number(text);
  return /^\d+$/.test(text) && days >= 1 && days <= MAX_STREAK_DAYS ? days : undefined;
}

function showUser(user: NonNullable<Awaited<ReturnType<typeof findUserByName>>>): CommandResult {
  return ok(
    [
      `id: ${user.id}`,
      `username: ${user.username}`,
      `email: ${user.email}`,
      `role: ${user.role}`,
      `verified: ${user.emailVerifiedAt ? user.emailVerifiedAt.toISOString() : 'no'}`,
      `banned: ${user.bannedAt ? `${user.bannedAt.toISOString()}${user.banReason ? ` (${user.banReason})` : ''}` : 'no'}`,
      `referral code: ${user.referralCode}`,
      `points: ${user.points}`,
      `daily streak: ${user.dailyStreaks}`,
      `successful referrals: ${user.successfulReferrals}`,
      `quests completed: ${user.questCompleted}`,
      `elite boost: ${user.additionalBoost ?? 'none'}`,
      `registered: ${user.createdAt.toISOString()}`,
    ].join('\n'),
  );
}

/** The reason of a ban or unban from the command line: --reason, or a default that says where it came from. */
const reasonOf = (args: string[], fallback: string) => textFlag(args, 'reason') || fallback;

async function userCommand(
  db: Database,
  [action, name, ...rest]: string[],
  now: Date,
): Promise<CommandResult> {
  if (!action || !name) return fail(ADMIN_USAGE);
  const streakDays = action === 'streak' ? parseStreakDays(rest[0] ?? '') : null;
  if (streakDays === undefined) {
    return fail(`DAYS must be a whole number from 1 to ${MAX_STREAK_DAYS}, not "${rest[0] ?? ''}"`);
  }
  const boost = action === 'boost' ? parseBoost(rest[0] ?? '') : null;
  if (boost === undefined) {
    return fail(
      `MULTIPLIER must be a number above 0 and at most ${MAX_BOOST} with at most two decimals (such as 1.5), or "none", not "${rest[0] ?? ''}"`,
    );
  }
  const role = action === 'role' ? rest[0] : null;
  if (role !== null && !(ROLES as readonly (string | undefined)[]).includes(role)) {
    return fail(`ROLE must be admin or member, not "${role ?? ''}"`);
  }
  const user = await findUserByName(db, name);
  if (!user) return fail(`No user named "${name}"`);
  switch (action) {
    case 'show':
      return showUser(user);
    case 'verify': {
      if (user.emailVerifiedAt) return ok(`${user.username} was already verified`);
      return printed(await verifyUser(db, COMMAND_LINE, user.id, now));
    }
    case 'ban':
      return printed(
        await banAccount(
          db,
          COMMAND_LINE,
          user.id,
          { reason: reasonOf(rest, 'banned at the command line') },
          now,
        ),
      );
    case 'unban':
      return printed(
        await unbanAccount(
          db,
          COMMAND_LINE,
          user.id,
          reasonOf(rest, 'unbanned at the command line'),
          now,
        ),
      );
    case 'role':
      return printed(await setRole(db, COMMAND_LINE, user.id, role as Role, now));
    case 'streak':
      return printed(await restoreStreak(db, COMMAND_LINE, user.id, streakDays!, now));
    case 'boost':
      return printed(await setBoost(db, COMMAND_LINE, user.id, boost, now));
    default:
      return fail(ADMIN_USAGE);
  }
}

/** `quest youtube approve|reject NAME`: the operator's review of a YouTube subscription. */
async function questCommand(
  db: Database,
  [platform, decision, name]: string[],
  now: Date,
): Promise<CommandResult> {
  if (platform !== 'youtube' || (decision !== 'approve' && decision !== 'reject') || !name) {
    return fail(ADMIN_USAGE);
  }
  const user = await findUserByName(db, name);
  if (!user) return fail(`No user named "${name}"`);
  return printed(await decideYoutubeReview(db, COMMAND_LINE, user.id, decision, now));
}

/** What `backup` needs beyond the query handle: the settings, and the database's own handle. */
export interface BackupContext {
  config: Config;
  /** Absent only with PostgreSQL, whose backup the command does not take. */
  database?: DatabaseHandle;
  /** Where a long command prints each step as it ends; without it the steps go to stdout at the end. */
  progress?: (line: string) => void;
}

/**
 * `explorer rebuild [--period P]`: the period's figures rebuilt now, or those the daily
 * job rebuilds (docs/decisions/042), each step printed as it ends.
 */
async function explorerCommand(
  db: Database,
  args: string[],
  now: Date,
  context: BackupContext | undefined,
): Promise<CommandResult> {
  const [action, ...rest] = args;
  if (action !== 'rebuild' || !context) return fail(ADMIN_USAGE);
  const asked = flagValue(rest, 'period');
  if (asked !== undefined && !explorerPeriodField.safeParse(asked).success) {
    return fail(`--period must be a month as YYYY-MM (UTC) or last-30-days, not "${asked}"`);
  }
  const collected: string[] = [];
  const progress = context.progress ?? ((line: string) => collected.push(line));
  for (const period of asked === undefined ? periodsToRebuild(now) : [asked]) {
    await rebuildPeriod(db, period, {
      now,
      minAccounts: context.config.EXPLORER_MIN_ACCOUNTS,
      onProgress: progress,
    });
  }
  return ok([...collected, 'The explorer is rebuilt.'].join('\n'));
}

/** FILE, the one argument of `backup` and `restore`, or undefined when the arguments are not that. */
const fileArgument = (args: string[]) =>
  args.length === 1 && args[0] && !args[0].startsWith('--') ? args[0] : undefined;

const EXPECT_SHA256 = 'expect-sha256';

/** `restore`'s FILE and its --expect-sha256 value (undefined when absent), in either order. */
function restoreArguments(args: string[]): { file?: string; expectSha256?: string } {
  const expectSha256 = flagValue(args, EXPECT_SHA256);
  const at = args.indexOf(`--${EXPECT_SHA256}`);
  const rest = at === -1 ? args : args.filter((_, index) => index !== at && index !== at + 1);
  return { file: fileArgument(rest), expectSha256 };
}

/** The lines that tell a PostgreSQL operator how to back up and restore. */
function postgresAdvice(config: Config, file: string): string {
  const commands = postgresCommands(config.DATABASE_URL!, file);
  return [
    'The database is PostgreSQL (DATABASE_URL): back it up with its own tools, while the server runs,',
    "and take the dump's SHA-256:",
    `  ${commands.dump}`,
    `  ${commands.digest}`,
    'Keep that digest apart from the dump (not beside it). To restore, check the dump against it,',
    'then restore into an empty database, with the server stopped:',
    `  ${commands.digest}`,
    `  ${commands.restore}`,
    'The password is left out: they ask for it, or read PGPASSWORD or ~/.pgpass.',
    ...(config.AUTH_SECRET
      ? []
      : [
          'Keep DATA_DIR/auth-secret with the dump: a server needs the same secret (or AUTH_SECRET) ' +
            'to keep its sessions and the linked social accounts.',
        ]),
  ].join('\n');
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

const SECRET_NOTES: Record<AuthSecretSource, string | null> = {
  included: 'It holds the auth secret from DATA_DIR: keep it as private as the database.',
  environment:
    'AUTH_SECRET is set, so the backup does not hold it: a restored server needs the same AUTH_SECRET.',
  none: null,
};

/**
 * `backup FILE`: with PGlite, a consistent backup written to FILE (never over
 * a file); with PostgreSQL, the pg_dump and pg_restore lines to use (exit 0:
 * that answer is what the command does there, decision 022).
 */
export async function runBackupCommand(
  args: string[],
  context: BackupContext | undefined,
): Promise<CommandResult> {
  const file = fileArgument(args);
  if (!file) return fail(ADMIN_USAGE);
  if (!context) return fail('backup runs from the admin CLI: npm run admin -- backup FILE');
  if (context.config.DATABASE_URL) return ok(postgresAdvice(context.config, resolve(file)));
  if (!context.database) return fail('backup needs the database');
  try {
    const written = await writeBackup(context.database, context.config, resolve(file));
    const note = SECRET_NOTES[written.authSecret];
    return ok(
      [
        `Backup written to ${written.file} (${written.bytes} bytes, ${megabytes(written.bytes)})`,
        `SHA-256: ${written.sha256}`,
        'Keep this digest apart from the file (not beside it): restore asks for it',
        `(restore FILE --${EXPECT_SHA256} ${written.sha256}) and refuses a file that does not match.`,
        ...(note ? [note] : []),
      ].join('\n'),
    );
  } catch (error) {
    if (error instanceof BackupRefusedError) return fail(error.message);
    throw error;
  }
}

/**
 * `restore FILE`: the CLI's alone, with no server on DATA_DIR. With PostgreSQL it
 * restores nothing: it prints the pg_restore line and fails (exit 1), so a script
 * never goes on as if it had restored (decision 022).
 */
export async function runRestoreCommand(args: string[], config: Config): Promise<CommandResult> {
  const { file, expectSha256 } = restoreArguments(args);
  if (!file) return fail(ADMIN_USAGE);
  if (config.DATABASE_URL) {
    return fail(`restore does not restore PostgreSQL. ${postgresAdvice(config, resolve(file))}`);
  }
  // Asked for before anything is read or written: a file that only looks like a backup
  // may carry an auth secret of someone else's choosing (decision 022).
  if (expectSha256 === undefined) {
    return fail(
      `restore needs --${EXPECT_SHA256} HEX: the SHA-256 the backup command printed when it wrote ` +
        `${resolve(file)}. Nothing was restored.`,
    );
  }
  if (!SHA256_HEX.test(expectSha256)) {
    return fail(
      `--${EXPECT_SHA256} takes the 64 hexadecimal digits the backup command printed, not ` +
        `"${expectSha256}". Nothing was restored.`,
    );
  }
  try {
    const { manifest, accounts, transactions } = await restoreBackup(
      config,
      resolve(file),
      expectSha256,
    );
    const notes = [
      manifest.authSecret === 'included' && config.AUTH_SECRET
        ? 'AUTH_SECRET is set here, and a server uses it rather than the restored auth-secret: ' +
          "unset it to keep the backup's sessions and linked social accounts."
        : null,
      manifest.authSecret === 'environment'
        ? 'The backup was taken with AUTH_SECRET set: start the server with the same AUTH_SECRET, ' +
          'or sessions end and linked social accounts must be linked again.'
        : null,
    ].filter((note) => note !== null);
    return ok(
      [
        `Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}: ` +
          `${accounts} accounts and ${transactions} transactions, every account's points the sum ` +
          'of its transactions.',
        'Start the server with this DATA_DIR (npm start) to serve it.',
        ...notes,
      ].join('\n'),
    );
  } catch (error) {
    if (error instanceof BackupRefusedError) return fail(error.message);
    throw error;
  }
}

/**
 * Runs one admin command; unknown commands print the usage and fail. `now` is
 * when a cycle starts or ends (the running server hands in its clock's time);
 * `backup` needs `context` (the CLI's, or the running server's).
 */
export async function runAdminCommand(
  db: Database,
  argv: string[],
  now = new Date(),
  context?: BackupContext,
): Promise<CommandResult> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'backup':
      return runBackupCommand(rest, context);
    case 'restore':
      return fail(`A server is running on this data directory: stop it first, then run restore.`);
    case 'invite':
      return invite(db, rest, now);
    case 'season':
      return seasonCommand(db, rest, now);
    case 'user':
      return userCommand(db, rest, now);
    case 'quest':
      return questCommand(db, rest, now);
    case 'explorer':
      return explorerCommand(db, rest, now, context);
    default:
      return fail(ADMIN_USAGE);
  }
}
