/**
 * The quest progress read model (docs/decisions/016): each user's state in each
 * quest, kept in quest_progress rather than on the user's row, read and written
 * by the profile's field names. The profile read, the quest checks and claims,
 * the daily streak and the operator's YouTube review all go through here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { arrayLiteral, preparedStatement } from '../../db/sql-kit.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { questProgress, users } from '../../db/schema.ts';
import type { UserChanges } from '../ledger/credit-points.ts';
import {
  NOTHING_YET,
  questChangesOf,
  questProfileOf,
  type QuestFieldChanges,
  type QuestName,
  type QuestProfile,
  type QuestProgressChanges,
  type QuestProgressRow,
} from './profile-fields.ts';

export {
  DAILY_STREAK_QUEST,
  type QuestFieldChanges,
  type QuestName,
  type QuestProfile,
} from './profile-fields.ts';

const rowColumns = {
  quest: questProgress.quest,
  started: questProgress.started,
  done: questProgress.done,
  claimed: questProgress.claimed,
  timerEndsAt: questProgress.timerEndsAt,
};

/**
 * The change to the user's row that counts one more claimed quest in
 * users.quest_completed, written by the statement of the quest's credit.
 */
export const ONE_MORE_QUEST_COMPLETED = {
  questCompleted: sql`${users.questCompleted} + 1`,
} satisfies UserChanges;

type UserRow = typeof users.$inferSelect;

/** What a profile is made of: the user's row and quest fields. */
export interface ProfileRows {
  user: UserRow;
  quests: QuestProfile;
}

/**
 * The users' rows, each with its quest rows joined (none for a user who never
 * touched a quest): one named statement, built once, for a whole batch of
 * users, so a profile costs one round trip and no statement building.
 */
const usersWithQuestRows = preparedStatement<
  { userIds: string },
  { user: UserRow; quest: QuestProgressRow | null }[]
>('profile_rows_of_users', (db) =>
  db
    .select({ user: users, quest: rowColumns })
    .from(users)
    .leftJoin(questProgress, eq(questProgress.userId, users.id))
    .where(sql`${users.id} = any(${sql.placeholder('userIds')}::int[])`),
);

/** The profiles' rows of the users asked for, by user id; an unknown id has none. */
export async function profileRowsOfUsers(
  db: Queryable,
  userIds: number[],
): Promise<Map<number, ProfileRows>> {
  const joined = await usersWithQuestRows(db, { userIds: arrayLiteral(userIds) });
  const questRowsOf = new Map<number, { user: UserRow; quests: QuestProgressRow[] }>();
  for (const { user, quest } of joined) {
    let entry = questRowsOf.get(user.id);
    if (!entry) questRowsOf.set(user.id, (entry = { user, quests: [] }));
    if (quest) entry.quests.push(quest);
  }
  const profiles = new Map<number, ProfileRows>();
  for (const [id, { user, quests }] of questRowsOf) {
    profiles.set(id, { user, quests: questProfileOf(quests) });
  }
  return profiles;
}

/** The quest fields of the user's profile. */
export async function questProfileOfUser(db: Queryable, userId: number): Promise<QuestProfile> {
  const rows = await db
    .select(rowColumns)
    .from(questProgress)
    .where(eq(questProgress.userId, userId));
  return questProfileOf(rows);
}

/** The user's row of one quest: all false and no timer when there is none yet. */
export async function questProgressOf(
  db: Queryable,
  userId: number,
  quest: QuestName,
): Promise<Omit<QuestProgressRow, 'quest'>> {
  const [row] = await db
    .select(rowColumns)
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.quest, quest)));
  return row ?? NOTHING_YET;
}

/**
 * The quest fields of the user's profile, with the user's row locked until the
 * transaction ends: the user's claims, and the operator's review, then run one after another
 * (the row may not exist yet, the user's always does).
 */
export async function lockQuestProfile(tx: Transaction, userId: number): Promise<QuestProfile> {
  const rows = await tx
    .select({ userId: users.id, ...rowColumns })
    .from(users)
    .leftJoin(questProgress, eq(questProgress.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  if (rows.length === 0) throw new Error(`no user ${userId}`);
  return questProfileOf(
    rows.filter((row): row is typeof row & QuestProgressRow => row.quest !== null),
  );
}

/** Writes quest fields by their profile names. */
export async function setQuestFields(
  db: Queryable,
  userId: number,
  fields: QuestFieldChanges,
): Promise<void> {
  for (const [quest, changes] of questChangesOf(fields)) {
    await changeQuestProgress(db, userId, quest, changes);
  }
}

/** Changes some of the user's columns of one quest; the row is made on its first change. */
export async function changeQuestProgress(
  db: Queryable,
  userId: number,
  quest: QuestName,
  changes: QuestProgressChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(questProgress)
    .values({ userId, quest, ...changes })
    .onConflictDoUpdate({ target: [questProgress.userId, questProgress.quest], set: changes });
}

/** The most waiting reviews the console lists at once: the oldest accounts first. */
const REVIEW_QUEUE_MAX = 500;

/** Users whose YouTube subscription waits for the operator's review (started, not done). */
export async function youtubeReviewQueue(
  db: Queryable,
): Promise<{ userId: number; username: string; email: string }[]> {
  return db
    .select({ userId: users.id, username: users.username, email: users.email })
    .from(questProgress)
    .innerJoin(users, eq(users.id, questProgress.userId))
    .where(
      and(
        eq(questProgress.quest, 'youtubeSubscribe'),
        eq(questProgress.started, true),
        eq(questProgress.done, false),
      ),
    )
    .orderBy(users.id)
    .limit(REVIEW_QUEUE_MAX);
}
