/**
 * The operator's commands (ARCHITECTURE.md section 3). They take the database and
 * the arguments and return what to print, so the CLI can run them on the database
 * directly or hand them to the running server when it owns the PGlite directory.
 */
import { eq, sql } from 'drizzle-orm';
import { STREAK_MILESTONES, YOUTUBE_STATES } from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { banUser } from '../auth/ban-service.ts';
import { completeEmailVerification } from '../auth/email-verification-service.ts';
import { createInvite } from '../invites/invite-service.ts';
import { lockQuestProfile, setQuestFields } from '../quest-progress/quest-progress.ts';
import { startedSeasons, startNextSeason } from '../seasons/season-service.ts';
import { inTransaction } from '../../db/transaction.ts';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Lets the CLI set up a database where there is none (it refuses otherwise). */
export const CREATE_FLAG = '--create';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [${CREATE_FLAG}]
  invite [--uses N]                  print a new invite code (single use by default)
  season list                        list the cycles that have started
  season start NAME [--ends DATE]    end the current cycle and start the next (Kilo, Mega,
                                     Giga, Terra, Peta); --ends records its planned end
  user show NAME                     show a user's account
  user verify NAME                   mark a user's email as verified
  user ban NAME                      suspend a user and end their sessions
  user boost NAME MULTIPLIER|none    set (e.g. 1.5) or clear a user's Elite Role boost
  user streak NAME DAYS              restore a daily streak (1 to 28 days, today claimed),
                                     e.g. one broken by an outage
  quest youtube approve|reject NAME  decide a YouTube subscription waiting for review
The database is the server's (DATA_DIR or DATABASE_URL, as for npm start); ${CREATE_FLAG} sets up
a new one where there is none.`;

/** The Elite Role boost multiplies a test's points; numeric(6, 2) holds it. */
const MAX_BOOST = 100;
/** A streak restarts after its 28th day, so no streak is longer. */
const MAX_STREAK_DAYS = STREAK_MILESTONES.at(-1) ?? 28;

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

async function findUser(db: Database, name: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name}) or lower(${users.email}) = lower(${name})`)
    .limit(1);
  return user;
}

async function invite(db: Database, args: string[]): Promise<CommandResult> {
  const usesText = flagValue(args, 'uses') ?? '1';
  const uses = Number(usesText);
  if (!Number.isInteger(uses) || uses < 1 || uses > 1_000_000) {
    return fail(`--uses must be a whole number from 1 to 1000000, not "${usesText}"`);
  }
  return ok(await createInvite(db, uses));
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
  const outcome = await startNextSeason(db, name, { now, endsAt });
  if (outcome.kind === 'refused') return fail(outcome.reason);
  const ends = outcome.started.endsAt
    ? `, planned to end ${outcome.started.endsAt.toISOString()}`
    : '';
  return ok(`${outcome.previous} has ended; ${outcome.started.name} is the current cycle${ends}`);
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
  const user = await findUser(db, name);
  if (!user) return fail(`No user named "${name}"`);
  switch (action) {
    case 'show':
      return ok(
        [
          `id: ${user.id}`,
          `username: ${user.username}`,
          `email: ${user.email}`,
          `verified: ${user.emailVerifiedAt ? user.emailVerifiedAt.toISOString() : 'no'}`,
          `banned: ${user.bannedAt ? user.bannedAt.toISOString() : 'no'}`,
          `referral code: ${user.referralCode}`,
          `points: ${user.points}`,
          `daily streak: ${user.dailyStreaks}`,
          `successful referrals: ${user.successfulReferrals}`,
          `quests completed: ${user.questCompleted}`,
          `elite boost: ${user.additionalBoost ?? 'none'}`,
          `registered: ${user.createdAt.toISOString()}`,
        ].join('\n'),
      );
    case 'verify':
      if (user.emailVerifiedAt) return ok(`${user.username} was already verified`);
      await inTransaction(db, (tx) => completeEmailVerification(tx, user.id, new Date()));
      return ok(`${user.username} is now verified`);
    case 'ban':
      await inTransaction(db, async (tx) => {
        await banUser(tx, user.id, new Date());
      });
      return ok(`${user.username} is banned and signed out everywhere`);
    case 'streak': {
      // Milestones above the restored streak were of an earlier run: they can be earned again.
      const lastMilestone =
        user.lastClaimedStreakMilestone <= streakDays! ? user.lastClaimedStreakMilestone : 0;
      await db
        .update(users)
        .set({
          dailyStreaks: streakDays!,
          lastClaimedAt: now,
          lastClaimedStreakMilestone: lastMilestone,
        })
        .where(eq(users.id, user.id));
      return ok(`${user.username} now has a ${streakDays}-day streak, today claimed`);
    }
    case 'boost':
      await db.update(users).set({ additionalBoost: boost }).where(eq(users.id, user.id));
      return ok(
        boost === null
          ? `${user.username} has no Elite Role boost`
          : `${user.username} now has an Elite Role boost of ${boost}x`,
      );
    default:
      return fail(ADMIN_USAGE);
  }
}

/** `quest youtube approve|reject NAME`: the operator's review of a YouTube subscription. */
async function questCommand(
  db: Database,
  [platform, decision, name]: string[],
): Promise<CommandResult> {
  if (platform !== 'youtube' || (decision !== 'approve' && decision !== 'reject') || !name) {
    return fail(ADMIN_USAGE);
  }
  const user = await findUser(db, name);
  if (!user) return fail(`No user named "${name}"`);
  const verdict = decision === 'approve' ? YOUTUBE_STATES.verified : YOUTUBE_STATES.none;
  const decided = await inTransaction(db, async (tx) => {
    const quests = await lockQuestProfile(tx, user.id);
    if (quests.is_youtube_verifying !== YOUTUBE_STATES.verifying) return false;
    await setQuestFields(tx, user.id, { is_youtube_verifying: verdict });
    return true;
  });
  if (!decided) return fail(`${user.username} has no YouTube subscription waiting for review`);
  return ok(
    decision === 'approve'
      ? `${user.username}'s YouTube subscription is verified; they can claim the reward`
      : `${user.username}'s YouTube subscription was rejected; they can ask again`,
  );
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
      return invite(db, rest);
    case 'season':
      return seasonCommand(db, rest, now);
    case 'user':
      return userCommand(db, rest, now);
    case 'quest':
      return questCommand(db, rest);
    default:
      return fail(ADMIN_USAGE);
  }
}
