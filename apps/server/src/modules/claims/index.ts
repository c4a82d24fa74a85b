/** What the claims module offers the rest of the server: other modules import only this file. */
export { CLAIM_RATE_LIMIT, claimEnvelope, claimResult } from './claim-answer.ts';
export { default as claimRoutes } from './routes.ts';
