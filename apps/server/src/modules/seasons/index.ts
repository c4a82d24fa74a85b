/** The seasons module's public face: other modules import only this file. */
export {
  currentSeason,
  ensureCurrentSeason,
  nextCycleAfter,
  startedSeasons,
  startNextSeason,
} from './season-service.ts';
