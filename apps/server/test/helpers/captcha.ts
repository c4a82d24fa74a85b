/** Solves real ALTCHA challenges the way the browser widget does (ALTCHA_MAX_NUMBER is 1000 in tests). */
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A challenge as the client at `from` (light-my-request's own address by default) gets it. */
export async function fetchChallenge(app: FastifyInstance, from?: string): Promise<Challenge> {
  const response = await app.inject({
    method: 'GET',
    url: '/v1/api/captcha/challenge',
    ...(from ? { remoteAddress: from } : {}),
  });
  const { parameters, signature } = response.json<Challenge>();
  return { parameters, signature };
}

/** The widget's payload for a challenge: base64 JSON of `{ challenge, solution }`. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh, solved captcha answer for one protected call (from `from`, as fetchChallenge). */
export async function solvedCaptcha(app: FastifyInstance, from?: string): Promise<string> {
  return solve(await fetchChallenge(app, from));
}
