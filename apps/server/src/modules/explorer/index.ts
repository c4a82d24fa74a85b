/**
 * The explorer module's public face (docs/decisions/042): its public routes, its jobs, the
 * rebuild the CLI runs, and what an account's deletion calls in its transaction.
 */
export {
  DAILY_REBUILD_KIND,
  explorerRebuilds,
  handleExplorerJobs,
  queueRebuildsAfterDeletion,
  REBUILD_KIND,
} from './explorer-jobs.ts';
export { rebuildPeriod, type RebuildOutcome } from './rebuild.ts';
export { periodsToRebuild } from './periods.ts';
export { default as explorerRoutes } from './routes.ts';
export { default as openDataRoutes } from './open-data-routes.ts';
