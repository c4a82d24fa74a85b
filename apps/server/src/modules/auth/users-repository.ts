import { and, eq, inArray, isNull, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Locale } from '@netpulse/i18n';
import type { Queryable } from '../../db/client.ts';
import { BatchedRead, perHandle } from '../../db/sql-kit.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { invites } from '../../db/tables/invites-tables.ts';
import { profileRowsOfUsers, type ProfileRows } from '../quest-progress/index.ts';
import type { AccountTombstone } from './account-tombstone.ts';

/** Case-insensitive match; the unique indexes are on lower(email) and lower(username). */
const lowerEquals = (column: AnyColumn, value: string) => sql`lower(${column}) = lower(${value})`;

export interface LoginCandidate {
  id: number;
  email: string;
  username: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  bannedAt: Date | null;
  /** What the operator chose to tell the person when banning (decision 033). */
  banNotice: string | null;
}

/** The account whose email or username is `emailOrUsername`, ignoring case. */
export async function findUserByEmailOrUsername(
  db: Queryable,
  emailOrUsername: string,
): Promise<LoginCandidate | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      bannedAt: users.bannedAt,
      banNotice: users.banNotice,
    })
    .from(users)
    .where(
      or(lowerEquals(users.email, emailOrUsername), lowerEquals(users.username, emailOrUsername)),
    )
    .limit(1);
  return user;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      bannedAt: users.bannedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      locale: users.locale,
    })
    .from(users)
    .where(lowerEquals(users.email, email))
    .limit(1);
  return user;
}

/** Whether an account (other than `exceptUserId`) has this username, ignoring case. */
export async function isUsernameTaken(
  db: Queryable,
  username: string,
  exceptUserId?: number,
): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        lowerEquals(users.username, username),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * Whether an account other than `exceptUserId` has this email address, ignoring case (one
 * account at most has it: the unique index is on lower(email)).
 */
export async function isEmailTaken(
  db: Queryable,
  email: string,
  exceptUserId: number,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  return !!user && user.id !== exceptUserId;
}

/** The user whose referral code this is (codes are stored in upper case). */
export async function findUserIdByReferralCode(
  db: Queryable,
  code: string,
): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return user?.id ?? null;
}

/** True when a user or an invite already has this code: the two share one space. */
export async function isCodeInUse(db: Queryable, code: string): Promise<boolean> {
  const byUser = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  if (byUser.length > 0) return true;
  const byInvite = await db
    .select({ id: invites.id })
    .from(invites)
    .where(eq(invites.code, code))
    .limit(1);
  return byInvite.length > 0;
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  referralCode: string;
  referredByUserId: number | null;
  inviteId: number | null;
  createdAt: Date;
  /** The language the account signed up in (English when not given). */
  locale?: Locale;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const [inserted] = await db.insert(users).values(user).returning({ id: users.id });
  if (!inserted) throw new Error('insert into users returned no row');
  return inserted.id;
}

/** Sets email_verified_at unless it is set already (the first verification is the one kept). */
export async function markEmailVerified(db: Queryable, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

export async function updatePasswordHash(
  db: Queryable,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The account's language: its answers and mails. */
export async function updateLocale(db: Queryable, userId: number, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/** A new username, and when it changed (it may change once in 30 days). */
export async function updateUsername(
  db: Queryable,
  userId: number,
  username: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ username, usernameChangedAt: now }).where(eq(users.id, userId));
}

/** A new address, proven by a link mailed to it: verified from now unless it was already. */
export async function updateVerifiedEmail(
  db: Queryable,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      email,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

/** Marks the account banned from `now` (its sessions end in the same transaction). */
export async function markBanned(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ bannedAt: now }).where(eq(users.id, userId));
}

/** Takes the user's row lock until the transaction ends: per-user steps then run one at a time. */
export async function lockUser(db: Queryable, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * The account's row, locked until the transaction ends; undefined when there is no such
 * account or it was deleted already (a deletion that held the lock first included).
 */
export async function lockLiveAccount(tx: Queryable, userId: number): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return user;
}

/**
 * Replaces what the account's row says of the person with its tombstone
 * (account-tombstone.ts) and marks it deleted: no email, name, picture or ban notes left, no
 * password that matches, no referral code anyone can type.
 */
export async function writeTombstone(
  tx: Queryable,
  userId: number,
  tombstone: AccountTombstone,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      ...tombstone,
      profileImg: null,
      banReason: null,
      banNotice: null,
      usernameChangedAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
}

export type UserRow = typeof users.$inferSelect;

/** The rows of the users that concurrent requests ask for, read by one statement. */
const userRowsById = perHandle(
  (db: Queryable) =>
    new BatchedRead<number, UserRow | undefined>(async (ids) => {
      const rows = await db.select().from(users).where(inArray(users.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    }),
);

export function findUserRow(db: Queryable, userId: number): Promise<UserRow | undefined> {
  return userRowsById(db).load(userId);
}

/**
 * The users' rows and quest fields that concurrent profile requests ask for,
 * read by one prepared statement for the whole batch (docs/decisions/016).
 */
const profileRowsById = perHandle(
  (db: Queryable) =>
    new BatchedRead<number, ProfileRows | undefined>(async (ids) => {
      const byId = await profileRowsOfUsers(db, ids);
      return ids.map((id) => byId.get(id));
    }),
);

/** What the profile is made of: the user's row and quest fields. */
export function findProfileRows(db: Queryable, userId: number): Promise<ProfileRows | undefined> {
  return profileRowsById(db).load(userId);
}
