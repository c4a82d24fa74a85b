/**
 * The refusals of a login or a token refresh that the web app acts on (docs/decisions/033),
 * told apart by plain checks: the web's API client runs them on every page and carries no
 * zod, so they live apart from their schemas (schemas/first-run.ts).
 */

import type { TwoFactorRequired } from '../schemas/account.ts';

/** A banned account's session (403), with the operator's words for the person when given. */
export interface BannedRefusalData {
  banned: true;
  reason: string | null;
}

/** An unverified account's login (403): the address the link went to, told only after the right password. */
export interface UnverifiedRefusalData {
  unverified: true;
  email: string;
}

/**
 * True when an answer's data says the account is banned. Plain checks, not the schema.
 */
export function isBannedRefusal(data: unknown): data is BannedRefusalData {
  if (typeof data !== 'object' || data === null) return false;
  const { banned, reason } = data as Record<string, unknown>;
  return banned === true && (reason === null || typeof reason === 'string');
}

/** True when an answer's data says the account's address is not verified yet. */
export function isUnverifiedRefusal(data: unknown): data is UnverifiedRefusalData {
  if (typeof data !== 'object' || data === null) return false;
  const { unverified, email } = data as Record<string, unknown>;
  return unverified === true && typeof email === 'string';
}

/**
 * True when a login's answer is the second step's challenge (two-factor sign-in on), not a
 * session: `twoFactorRequiredSchema`'s check without zod, which the login page does without.
 */
export function isTwoFactorChallenge(answer: unknown): answer is TwoFactorRequired {
  if (typeof answer !== 'object' || answer === null) return false;
  const { twoFactorRequired, challenge } = answer as Record<string, unknown>;
  return twoFactorRequired === true && typeof challenge === 'string' && challenge !== '';
}
