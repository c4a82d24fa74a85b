/**
 * The quest progress read model (docs/decisions/016): each user's state in each
 * quest, kept in quest_progress rather than on the user's row, read and written
 * by the profile's field names. The profile read, the quest checks and claims,
 * the daily streak and the operator's YouTube review all go through here.
 */
import type { Queryable, Transaction } from '../../db/client.ts';
import {
  questChangesOf,
  questProfileOf,
  type QuestFieldChanges,
  type QuestProfile,
  type QuestProgressRow,
} from './profile-fields.ts';
import {
  changeQuestProgress,
  lockQuestRowsOfUser,
  questRowsOfUser,
  usersJoinedWithQuestRows,
  type UserRow,
} from './quest-progress-repository.ts';

/** What a profile is made of: the user's row and quest fields. */
export interface ProfileRows {
  user: UserRow;
  quests: QuestProfile;
}

/** The profiles' rows of the users asked for, by user id; an unknown id has none. */
export async function profileRowsOfUsers(
  db: Queryable,
  userIds: number[],
): Promise<Map<number, ProfileRows>> {
  const joined = await usersJoinedWithQuestRows(db, userIds);
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
  return questProfileOf(await questRowsOfUser(db, userId));
}

/**
 * The quest fields of the user's profile, with the user's row locked until the
 * transaction ends: the user's claims, and the operator's review, then run one after another
 * (the row may not exist yet, the user's always does).
 */
export async function lockQuestProfile(tx: Transaction, userId: number): Promise<QuestProfile> {
  return questProfileOf(await lockQuestRowsOfUser(tx, userId));
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
