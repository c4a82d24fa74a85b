/** What the quest-progress module offers the rest of the server: other modules import only this file. */
export {
  changeQuestProgress,
  DAILY_STREAK_QUEST,
  lockQuestProfile,
  ONE_MORE_QUEST_COMPLETED,
  type ProfileRows,
  profileRowsOfUsers,
  type QuestProfile,
  questProfileOfUser,
  questProgressOf,
  setQuestFields,
  youtubeReviewQueue,
} from './quest-progress.ts';
