/**
 * The admin actions (docs/decisions/021): one function per action, run alike by
 * the console's routes and the CLI's commands, so nothing is implemented twice.
 * Each runs in one transaction that locks what it changes, makes the change and
 * writes its audit row, so the log holds exactly the changes that happened.
 */
import { YOUTUBE_STATES, type Role } from '@netpulse/shared';
import { ADMIN_MESSAGE_TEMPLATES, ADMIN_MESSAGES } from '@netpulse/shared/admin';
import type { Database, Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { banUser, completeEmailVerification } from '../auth/index.ts';
import { insertInvite, lockInvite, markInviteRevoked, type Invite } from '../invites/index.ts';
import { lockQuestProfile, setQuestFields } from '../quest-progress/index.ts';
import { startNextSeason } from '../seasons/index.ts';
import {
  clearBan,
  lockAdmins,
  lockUser,
  setAdditionalBoost,
  setBanReason,
  setDailyStreak,
  setUserRole,
  type UserRow,
} from './admin-repository.ts';
import { forgetAdminRole } from './admin-roles.ts';
import { writeAudit, type Actor, type AuditEntry } from './audit-log-repository.ts';

/** What an action did, or why it did nothing (with the HTTP status the console answers). */
export type ActionOutcome<T = undefined> =
  | { done: true; message: string; value: T }
  | { done: false; status: 400 | 404 | 409; message: string };

const refused = (status: 400 | 404 | 409, message: string) =>
  ({ done: false, status, message }) as const;
const done = <T = undefined>(message: string, value?: T): ActionOutcome<T> => ({
  done: true,
  message,
  value: value as T,
});

const iso = (time: Date | null) => time?.toISOString() ?? null;
const targetOf = (user: Pick<UserRow, 'id' | 'username'>) => `user:${user.id} (${user.username})`;

/**
 * Runs `change` on the user's locked row and writes what it returns to the
 * audit log, in one transaction. `change` returns null to refuse.
 */
async function onUser<T = undefined>(
  db: Database,
  actor: Actor,
  userId: number,
  now: Date,
  change: (
    tx: Transaction,
    user: UserRow,
  ) => Promise<
    | { audit: Omit<AuditEntry, 'target'>; message: string; value?: T }
    | { refuse: ActionOutcome<never> }
  >,
): Promise<ActionOutcome<T>> {
  return inTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) return refused(404, ADMIN_MESSAGES.userNotFound);
    const result = await change(tx, user);
    if ('refuse' in result) return result.refuse;
    await writeAudit(tx, actor, { ...result.audit, target: targetOf(user) }, now);
    return done(result.message, result.value);
  });
}

export function verifyUser(db: Database, actor: Actor, userId: number, now: Date) {
  return onUser(db, actor, userId, now, async (tx, user) => {
    if (user.emailVerifiedAt)
      return { refuse: refused(409, `${user.username} was already verified`) };
    await completeEmailVerification(tx, user.id, now);
    return {
      message: `${user.username} is now verified`,
      audit: {
        action: 'user.verify',
        before: { email_verified_at: null },
        after: { email_verified_at: now.toISOString() },
      },
    };
  });
}

export function banAccount(
  db: Database,
  actor: Actor,
  userId: number,
  ban: { reason: string; notice?: string | null },
  now: Date,
) {
  const { reason } = ban;
  const notice = ban.notice ?? null;
  return onUser(db, actor, userId, now, async (tx, user) => {
    if (actor.id === user.id) return { refuse: refused(409, ADMIN_MESSAGES.ownBan) };
    if (user.bannedAt) return { refuse: refused(409, `${user.username} is already banned`) };
    // One admin cannot lock another out in a step: the demotion comes first, on
    // its own audit row, and it never takes the last admin.
    if (user.role === 'admin') {
      return { refuse: refused(409, ADMIN_MESSAGE_TEMPLATES.adminBan(user.username)) };
    }
    await banUser(tx, user.id, now);
    await setBanReason(tx, user.id, reason, notice);
    return {
      message: `${user.username} is banned and signed out everywhere`,
      audit: {
        action: 'user.ban',
        reason,
        before: { banned_at: null, ban_reason: user.banReason, ban_notice: user.banNotice },
        after: { banned_at: now.toISOString(), ban_reason: reason, ban_notice: notice },
      },
    };
  });
}

export function unbanAccount(
  db: Database,
  actor: Actor,
  userId: number,
  reason: string,
  now: Date,
) {
  return onUser(db, actor, userId, now, async (tx, user) => {
    if (!user.bannedAt) return { refuse: refused(409, `${user.username} is not banned`) };
    await clearBan(tx, user.id);
    return {
      message: `${user.username} is no longer banned and can sign in again`,
      audit: {
        action: 'user.unban',
        reason,
        before: {
          banned_at: iso(user.bannedAt),
          ban_reason: user.banReason,
          ban_notice: user.banNotice,
        },
        after: { banned_at: null, ban_reason: null, ban_notice: null },
      },
    };
  });
}

/** Sets (e.g. 1.5) or clears (null) the Elite Role boost. */
export function setBoost(
  db: Database,
  actor: Actor,
  userId: number,
  multiplier: number | null,
  now: Date,
) {
  return onUser(db, actor, userId, now, async (tx, user) => {
    await setAdditionalBoost(tx, user.id, multiplier);
    return {
      message:
        multiplier === null
          ? `${user.username} has no Elite Role boost`
          : `${user.username} now has an Elite Role boost of ${multiplier}x`,
      audit: {
        action: 'user.boost',
        before: { additional_boost: user.additionalBoost },
        after: { additional_boost: multiplier },
      },
    };
  });
}

/** Restores a daily streak (e.g. one an outage broke): `days` long, today claimed. */
export function restoreStreak(db: Database, actor: Actor, userId: number, days: number, now: Date) {
  return onUser(db, actor, userId, now, async (tx, user) => {
    // Milestones above the restored streak were of an earlier run: they can be earned again.
    const lastMilestone =
      user.lastClaimedStreakMilestone <= days ? user.lastClaimedStreakMilestone : 0;
    await setDailyStreak(tx, user.id, { days, claimedAt: now, lastMilestone });
    return {
      message: `${user.username} now has a ${days}-day streak, today claimed`,
      audit: {
        action: 'user.streak',
        before: {
          daily_streaks: user.dailyStreaks,
          last_claimed_at: iso(user.lastClaimedAt),
          last_claimed_streak_milestone: user.lastClaimedStreakMilestone,
        },
        after: {
          daily_streaks: days,
          last_claimed_at: now.toISOString(),
          last_claimed_streak_milestone: lastMilestone,
        },
      },
    };
  });
}

/**
 * Makes the user an admin or a member. The console refuses an admin's own role
 * (someone else must), and nobody can demote the last admin from the console:
 * the CLI, run by whoever holds the machine, can always set roles.
 */
export function setRole(db: Database, actor: Actor, userId: number, role: Role, now: Date) {
  return onUser(db, actor, userId, now, async (tx, user) => {
    if (user.role === role) {
      return { refuse: refused(409, `${user.username} is already ${articleOf(role)} ${role}`) };
    }
    if (actor.id !== null && actor.id === user.id) {
      return { refuse: refused(409, ADMIN_MESSAGES.ownRole) };
    }
    if (actor.id !== null && role === 'member') {
      // Locked in id order with the user's row held: two demotions at once see each other.
      const admins = await lockAdmins(tx);
      if (admins.length <= 1) return { refuse: refused(409, ADMIN_MESSAGES.lastAdmin) };
    }
    await setUserRole(tx, user.id, role);
    forgetAdminRole(db, user.id);
    return {
      message:
        role === 'admin'
          ? `${user.username} is now an admin and can open the console`
          : `${user.username} is now a member`,
      audit: { action: 'user.role', before: { role: user.role }, after: { role } },
    };
  });
}

const articleOf = (role: Role) => (role === 'admin' ? 'an' : 'a');

/** Approves or rejects a YouTube subscription waiting for review. */
export function decideYoutubeReview(
  db: Database,
  actor: Actor,
  userId: number,
  decision: 'approve' | 'reject',
  now: Date,
) {
  return onUser(db, actor, userId, now, async (tx, user) => {
    const quests = await lockQuestProfile(tx, user.id);
    if (quests.is_youtube_verifying !== YOUTUBE_STATES.verifying) {
      return {
        refuse: refused(409, `${user.username} has no YouTube subscription waiting for review`),
      };
    }
    const verdict = decision === 'approve' ? YOUTUBE_STATES.verified : YOUTUBE_STATES.none;
    await setQuestFields(tx, user.id, { is_youtube_verifying: verdict });
    return {
      message:
        decision === 'approve'
          ? `${user.username}'s YouTube subscription is verified; they can claim the reward`
          : `${user.username}'s YouTube subscription was rejected; they can ask again`,
      audit: {
        action: decision === 'approve' ? 'review.approve' : 'review.reject',
        before: { is_youtube_verifying: quests.is_youtube_verifying },
        after: { is_youtube_verifying: verdict },
      },
    };
  });
}

export async function createInviteAction(
  db: Database,
  actor: Actor,
  invite: { uses: number; note?: string | null },
  now: Date,
): Promise<ActionOutcome<Invite>> {
  return inTransaction(db, async (tx) => {
    const created = await insertInvite(tx, { ...invite, createdAt: now });
    await writeAudit(
      tx,
      actor,
      {
        action: 'invite.create',
        target: `invite:${created.id}`,
        before: null,
        after: { code: created.code, uses_left: created.usesLeft, note: created.note },
      },
      now,
    );
    return done(created.code, created);
  });
}

export async function revokeInvite(
  db: Database,
  actor: Actor,
  inviteId: number,
  now: Date,
): Promise<ActionOutcome> {
  return inTransaction(db, async (tx) => {
    const invite = await lockInvite(tx, inviteId);
    if (!invite) return refused(404, ADMIN_MESSAGES.inviteNotFound);
    if (invite.revokedAt) return refused(409, ADMIN_MESSAGES.inviteAlreadyRevoked);
    await markInviteRevoked(tx, invite.id, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'invite.revoke',
        target: `invite:${invite.id}`,
        before: { revoked_at: null, uses_left: invite.usesLeft },
        after: { revoked_at: now.toISOString(), uses_left: invite.usesLeft },
      },
      now,
    );
    return done(`Invite ${invite.code} is revoked: it lets nobody in any more`);
  });
}

/** Ends the current cycle and starts `name` (the next in order), with an optional planned end. */
export async function startCycle(
  db: Database,
  actor: Actor,
  name: string,
  endsAt: Date | undefined,
  now: Date,
): Promise<ActionOutcome> {
  const outcome = await startNextSeason(db, name, {
    now,
    endsAt,
    alongside: (tx, previous, started) =>
      writeAudit(
        tx,
        actor,
        {
          action: 'cycle.start',
          target: `cycle:${started.name}`,
          before: { current: previous.name, ends_at: iso(previous.endsAt) },
          after: { current: started.name, ends_at: iso(started.endsAt) },
        },
        now,
      ),
  });
  if (outcome.kind === 'refused') return refused(409, outcome.reason);
  const ends = outcome.started.endsAt
    ? `, planned to end ${outcome.started.endsAt.toISOString()}`
    : '';
  return done(`${outcome.previous} has ended; ${outcome.started.name} is the current cycle${ends}`);
}
