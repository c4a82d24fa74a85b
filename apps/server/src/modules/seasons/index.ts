/** What the seasons module offers the rest of the server: other modules import only this file. */
export {
  currentSeason,
  ensureCurrentSeason,
  nextCycleAfter,
  startedSeasons,
  startNextSeason,
} from './season-service.ts';
