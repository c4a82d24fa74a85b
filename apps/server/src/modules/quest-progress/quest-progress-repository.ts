/**
 * The quest_progress table's SQL (docs/decisions/016): each user's rows, one per
 * quest they touched, read with the user's row where a profile needs both.
 */
import { and, eq, sql } from 'drizzle-orm';
import { arrayLiteral, preparedStatement } from '../../db/sql-kit.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { questProgress } from '../../db/tables/quest-progress-tables.ts';
import type { UserChanges } from '../ledger/index.ts';
import {
  NOTHING_YET,
  type QuestName,
  type QuestProgressChanges,
  type QuestProgressRow,
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

export type UserRow = typeof users.$inferSelect;

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

/** The users' rows joined with their quest rows (a user with none comes once, with null). */
export async function usersJoinedWithQuestRows(
  db: Queryable,
  userIds: number[],
): Promise<{ user: UserRow; quest: QuestProgressRow | null }[]> {
  return usersWithQuestRows(db, { userIds: arrayLiteral(userIds) });
}

/** The user's quest rows. */
export async function questRowsOfUser(db: Queryable, userId: number): Promise<QuestProgressRow[]> {
  return db.select(rowColumns).from(questProgress).where(eq(questProgress.userId, userId));
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
 * The user's quest rows, with the user's row locked until the transaction ends
 * (the quest rows may not exist yet, the user's always does); throws for an unknown user.
 */
export async function lockQuestRowsOfUser(
  tx: Transaction,
  userId: number,
): Promise<QuestProgressRow[]> {
  const rows = await tx
    .select({ userId: users.id, ...rowColumns })
    .from(users)
    .leftJoin(questProgress, eq(questProgress.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  if (rows.length === 0) throw new Error(`no user ${userId}`);
  return rows.filter((row): row is typeof row & QuestProgressRow => row.quest !== null);
}

/** Changes some of the user's columns of one quest; the row is made on its first change. */
export async function changeQuestProgress(
  db: Queryable,
  userId: number,
  quest: QuestName,
  changes: QuestProgressChanges & { youtubeChannel?: string | null },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(questProgress)
    .values({ userId, quest, ...changes })
    .onConflictDoUpdate({ target: [questProgress.userId, questProgress.quest], set: changes });
}

/** The most waiting reviews the console lists at once: the oldest accounts first. */
const REVIEW_QUEUE_MAX = 500;

/**
 * Puts the user's YouTube subscription in the operator's queue (started, not done)
 * with the channel they named, replacing the one of an earlier, rejected request.
 */
export async function askYoutubeReview(
  db: Queryable,
  userId: number,
  channel: string,
): Promise<void> {
  await changeQuestProgress(db, userId, 'youtubeSubscribe', {
    started: true,
    done: false,
    youtubeChannel: channel,
  });
}

/**
 * Users whose YouTube subscription waits for the operator's review (started, not done),
 * with the channel each named (null for a request made before the channel was asked).
 */
export async function youtubeReviewQueue(
  db: Queryable,
): Promise<{ userId: number; username: string; email: string; channel: string | null }[]> {
  return db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      channel: questProgress.youtubeChannel,
    })
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

/**
 * An account's deletion (issue 29): its quest rows go (a YouTube channel it named for a
 * review among them, so the review queue forgets it). What the quests paid stays in the
 * ledger, whose keys (`quest:<user>:<quest>`) never pay twice anyway.
 */
export async function deleteQuestProgressOfUser(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(questProgress).where(eq(questProgress.userId, userId));
}
