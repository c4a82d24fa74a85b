/** What every claim route answers and how often it may be called: one shape for all claims. */
import { claimResultSchema, dataEnvelope, type ClaimResult } from '@netpulse/shared';
import { rateLimit } from '../../lib/rate-limit.ts';
import type { Credited } from '../ledger/index.ts';

/** Generous for a person (a claim a day), tight for a script hammering the route. */
export const CLAIM_RATE_LIMIT = rateLimit(60, '1 minute');

export const claimEnvelope = dataEnvelope(claimResultSchema);

export const claimResult = (credited: Credited): ClaimResult => ({
  points_earned: credited.pointsEarned,
  transaction_id: credited.transactionId,
});
