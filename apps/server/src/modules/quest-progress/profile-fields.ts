/**
 * Which quest_progress column each quest field of the profile reads
 * (docs/decisions/016). The profile keeps the flags of spec section 3 by their
 * old names; the table keeps one row per user and quest with four columns, so
 * every field is a (quest, column) place, found from the quests' own
 * description in packages/shared. A missing row reads as all false and no timer.
 */
import {
  NAME_QUEST_TIMERS,
  SOCIAL_QUESTS,
  SOCIAL_QUEST_KEYS,
  YOUTUBE_STATES,
  type QuestFlag,
  type SocialQuestKey,
  type UserProfile,
} from '@netpulse/shared';

/** The Daily Streak quest (its first 28-day milestone): claimed once, counted in quest_completed. */
export const DAILY_STREAK_QUEST = 'dailyStreak';
export type QuestName = SocialQuestKey | typeof DAILY_STREAK_QUEST;

type TimerField = (typeof NAME_QUEST_TIMERS)[keyof typeof NAME_QUEST_TIMERS];

/** The profile's quest fields: every flag, the YouTube state and the keep-name timers. */
export type QuestProfile = Pick<UserProfile, QuestFlag | 'is_youtube_verifying' | TimerField>;

/** A user's row of one quest, as quest_progress holds it. */
export interface QuestProgressRow {
  quest: string;
  started: boolean;
  done: boolean;
  claimed: boolean;
  timerEndsAt: Date | null;
}

export type QuestProgressChanges = Partial<Omit<QuestProgressRow, 'quest'>>;

type FlagColumn = 'started' | 'done' | 'claimed';

/**
 * The flags beyond each quest's done and claimed ones: the step before done.
 * X's link sets is_x_connected and its verify is_x_verified (the quest's done
 * flag); Discord's link sets is_discord_verified with is_discord_connected.
 */
const STARTED_FLAGS = {
  is_x_connected: 'xConnect',
  is_discord_verified: 'discordConnect',
} as const satisfies Partial<Record<QuestFlag, SocialQuestKey>>;

/** Every boolean field of the profile and where it is kept. */
const FLAG_PLACES = new Map<QuestFlag, { quest: SocialQuestKey; column: FlagColumn }>();
for (const [field, quest] of Object.entries(STARTED_FLAGS)) {
  FLAG_PLACES.set(field as QuestFlag, { quest, column: 'started' });
}
for (const key of SOCIAL_QUEST_KEYS) {
  const quest = SOCIAL_QUESTS[key];
  // YouTube's done state is the 'verified' value of is_youtube_verifying, not a flag.
  if (quest.doneFlag !== 'is_youtube_verifying') {
    FLAG_PLACES.set(quest.doneFlag, { quest: key, column: 'done' });
  }
  FLAG_PLACES.set(quest.claimedFlag, { quest: key, column: 'claimed' });
}

const TIMER_PLACES = Object.entries(NAME_QUEST_TIMERS) as [SocialQuestKey, TimerField][];

/** A quest the user has no row of. */
export const NOTHING_YET: Readonly<Omit<QuestProgressRow, 'quest'>> = {
  started: false,
  done: false,
  claimed: false,
  timerEndsAt: null,
};

/** The YouTube subscription's state from its row: waiting for the check is `started`. */
function youtubeStateOf(row: Omit<QuestProgressRow, 'quest'>): string {
  if (row.done) return YOUTUBE_STATES.verified;
  return row.started ? YOUTUBE_STATES.verifying : YOUTUBE_STATES.none;
}

/** The profile's quest fields from the user's quest rows (any order, any subset). */
export function questProfileOf(rows: readonly QuestProgressRow[]): QuestProfile {
  const byQuest = new Map(rows.map((row) => [row.quest, row]));
  const rowOf = (quest: string) => byQuest.get(quest) ?? NOTHING_YET;
  const profile: Record<string, boolean | string | null> = {
    is_youtube_verifying: youtubeStateOf(rowOf('youtubeSubscribe')),
  };
  for (const [field, place] of FLAG_PLACES) profile[field] = rowOf(place.quest)[place.column];
  for (const [quest, field] of TIMER_PLACES) {
    profile[field] = rowOf(quest).timerEndsAt?.toISOString() ?? null;
  }
  return profile as QuestProfile;
}

/** Quest fields to write, by their profile names; a timer is written as the time it ends. */
export type QuestFieldChanges = Partial<
  Omit<QuestProfile, TimerField> & Record<TimerField, Date | null>
>;

/** The rows' changes, per quest, that write the given profile fields. */
export function questChangesOf(fields: QuestFieldChanges): Map<QuestName, QuestProgressChanges> {
  const changes = new Map<QuestName, QuestProgressChanges>();
  const changesOf = (quest: QuestName) => {
    let found = changes.get(quest);
    if (!found) changes.set(quest, (found = {}));
    return found;
  };
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const flagPlace = FLAG_PLACES.get(field as QuestFlag);
    const timerPlace = TIMER_PLACES.find(([, timerField]) => timerField === field);
    if (flagPlace) {
      changesOf(flagPlace.quest)[flagPlace.column] = value as boolean;
    } else if (timerPlace) {
      changesOf(timerPlace[0]).timerEndsAt = value as Date | null;
    } else if (field === 'is_youtube_verifying') {
      Object.assign(changesOf('youtubeSubscribe'), {
        started: value === YOUTUBE_STATES.verifying,
        done: value === YOUTUBE_STATES.verified,
      });
    } else {
      throw new Error(`${field} is not a quest field`);
    }
  }
  return changes;
}
