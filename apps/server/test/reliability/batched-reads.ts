/**
 * The reads the server batches across requests (db/batched-read.ts), as valid
 * requests, for the tests that check no request can fail another.
 */
import type { LightMyRequestResponse } from 'fastify';

/** The batched reads, each as a valid request's path and query. */
export const VALID_READS = [
  '/auth/profile',
  '/dashboard-stats',
  '/points?pageNumber=1&pageSize=5',
  '/points?pageNumber=2&pageSize=1',
  '/transactions?pageNumber=1&pageSize=5',
  '/transactions?pageNumber=1&pageSize=5&season=Kilo&startDate=2020-01-01&endDate=2090-01-01',
  '/referrals-status?pageNumber=1&pageSize=5',
  '/referrals-status?pageNumber=1&pageSize=5&startDate=2020-01-01&endDate=2090-01-01',
];

export interface Answer {
  status: number;
  body: unknown;
}

export const answerOf = (response: LightMyRequestResponse): Answer => ({
  status: response.statusCode,
  body: response.json(),
});
