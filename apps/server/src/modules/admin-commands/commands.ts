/**
 * The operator's commands (ARCHITECTURE.md section 3): `npm run admin -- ...`
 * parsed into the admin actions the console runs too (admin-actions.ts), as the
 * operator at the command line. They take the database and the arguments and
 * return what to print, so the CLI can run them on the database directly or hand
 * them to the running server when it owns the PGlite directory.
 */
import { ROLES, type Role } from '@netpulse/shared';
import { MAX_BOOST, MAX_STREAK_DAYS } from '@netpulse/shared/admin';
import type { Database } from '../../db/client.ts';
import { startedSeasons } from '../seasons/season-service.ts';
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
} from './admin-actions.ts';
import { COMMAND_LINE } from './audit-log.ts';

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
          reasonOf(rest, 'banned at the command line'),
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

/**
 * Runs one admin command; unknown commands print the usage and fail. `now` is
 * when a cycle starts or ends (the running server hands in its clock's time).
 */
export async function runAdminCommand(
  db: Database,
  argv: string[],
  now = new Date(),
): Promise<CommandResult> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'invite':
      return invite(db, rest, now);
    case 'season':
      return seasonCommand(db, rest, now);
    case 'user':
      return userCommand(db, rest, now);
    case 'quest':
      return questCommand(db, rest, now);
    default:
      return fail(ADMIN_USAGE);
  }
}
