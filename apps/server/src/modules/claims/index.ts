/** The claims module's public face: other modules import only this file. */
export { CLAIM_RATE_LIMIT, claimEnvelope, claimResult } from './claim-answer.ts';
export { dailyClaimGroup } from './daily-claim-group.ts';
export { default as claimRoutes } from './routes.ts';
export { claimReminders } from './claim-reminders.ts';
