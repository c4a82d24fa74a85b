/** The quest-progress module's public face: other modules import only this file. */
export { DAILY_STREAK_QUEST, type QuestProfile } from './profile-fields.ts';
export {
  lockQuestProfile,
  type ProfileRows,
  profileRowsOfUsers,
  questProfileOfUser,
  setQuestFields,
} from './quest-progress.ts';
export {
  askYoutubeReview,
  changeQuestProgress,
  deleteQuestProgressOfUser,
  ONE_MORE_QUEST_COMPLETED,
  questProgressOf,
  youtubeReviewQueue,
} from './quest-progress-repository.ts';
