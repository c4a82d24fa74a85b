/**
 * Each account's quest state (docs/decisions/016): the quest-progress module's tables
 * (docs/ARCHITECTURE.md section 9).
 */
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { optionalTime } from '../columns.ts';
import { users } from './auth-tables.ts';

/**
 * Where each user stands in each quest (docs/decisions/016): a row per user and
 * quest, written the first time anything of the quest happens, so a user who
 * never touched a quest has no row and reads as all false. `quest` is a social
 * quest's key (SOCIAL_QUESTS in packages/shared) or `dailyStreak`. Which profile
 * field reads which column is modules/quest-progress/profile-fields.ts.
 */
export const questProgress = pgTable(
  'quest_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quest: text('quest').notNull(),
    /**
     * The step before done: the X account linked and not yet verified, Discord's
     * identity confirmed at the link, a YouTube subscription waiting for its check.
     */
    started: boolean('started').notNull().default(false),
    /** The quest's step is verified: it can be claimed. */
    done: boolean('done').notNull().default(false),
    /** The reward was paid and the quest counted in users.quest_completed. */
    claimed: boolean('claimed').notNull().default(false),
    /** The name quests' keep-name timer: when the check may verify. */
    timerEndsAt: optionalTime('timer_ends_at'),
    /**
     * The YouTube channel the person named when they asked for an operator's check of
     * their subscription (`@handle` or channel id, as youtubeChannelOf in packages/shared
     * gives it); null on other quests and on checks asked before the field existed.
     */
    youtubeChannel: text('youtube_channel'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quest] })],
);
