/**
 * The operator's commands (ARCHITECTURE.md section 3). They take the database and
 * the arguments and return what to print, so the CLI can run them on the database
 * directly or hand them to the running server when it owns the PGlite directory.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { revokeRefreshFamilies } from '../modules/auth/sessions-repository.ts';
import { createInvite } from '../modules/invites/invite-service.ts';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  invite [--uses N]        print a new invite code (single use by default)
  user show NAME           show a user's account
  user verify NAME         mark a user's email as verified
  user ban NAME            suspend a user and end their sessions`;

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

async function userCommand(db: Database, [action, name]: string[]): Promise<CommandResult> {
  if (!action || !name) return fail(ADMIN_USAGE);
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
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
      return ok(`${user.username} is now verified`);
    case 'ban':
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx.update(users).set({ bannedAt: now }).where(eq(users.id, user.id));
        await revokeRefreshFamilies(tx, { userId: user.id }, 'banned', now);
      });
      return ok(`${user.username} is banned and signed out everywhere`);
    default:
      return fail(ADMIN_USAGE);
  }
}

/** Runs one admin command; unknown commands print the usage and fail. */
export async function runAdminCommand(db: Database, argv: string[]): Promise<CommandResult> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'invite':
      return invite(db, rest);
    case 'user':
      return userCommand(db, rest);
    default:
      return fail(ADMIN_USAGE);
  }
}
