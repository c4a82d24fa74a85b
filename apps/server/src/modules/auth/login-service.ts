/**
 * Login (spec section 7). Unknown account and wrong password get one answer
 * and take as long; the account's status (banned, unverified) is told only
 * after the right password. Failed passwords are throttled per name typed and
 * address, per name, and per account whatever name is typed
 * (login-attempt-limiter.ts), the same for names no account has; a signed-in
 * person's password check (changing the password or the email) counts there too. With a
 * second factor on, the right password answers a challenge instead of a session, and the
 * second step (the two-factor module's route) ends the login here too.
 */
import type { MessageDescriptor } from '@netpulse/i18n';
import { SERVER_MESSAGE_TEMPLATES, SERVER_MESSAGES, type LoginRequest } from '@netpulse/shared';
import { bannedRefusal, HttpError, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import type { AuthContext } from './auth-context.ts';
import type { LoginAttempt, LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { passwordMatches } from './passwords.ts';
import { startSession, type SessionGrant, type SignInBrowser } from './session-service.ts';
import { findUserByEmailOrUsername } from './users-repository.ts';

import { text } from '../../lib/server-intl.ts';
import type { SignInAccount } from './sign-in.ts';

const MINUTE_MS = 60_000;

/** The names an account can be logged in by, for its throttle. */
export const accountNamesOf = (user: { email: string; username: string }) => [
  user.email,
  user.username,
];

/**
 * The 429 of a name (or, for a passkey, an address) the throttle refuses, with the minutes
 * left, in the words of `template` (`minutes`): the login's unless told.
 */
export const loginLockedRefusal = (
  lockedForMs: number,
  template: MessageDescriptor = SERVER_MESSAGE_TEMPLATES.loginLocked,
) => tooManyRequests(text(template, { minutes: Math.ceil(lockedForMs / MINUTE_MS) }));

/**
 * What the login needs of the second factors: the two-factor module's, given to the auth
 * routes in app.ts (auth does not import that module: docs/ARCHITECTURE.md section 10).
 */
export interface SecondFactorGate {
  /** Whether the right password alone no longer signs this account in. */
  isRequiredFor(userId: number): Promise<boolean>;
  /** A new challenge for the second step (POST /v1/api/auth/login/two-factor). */
  challengeFor(userId: number): Promise<string>;
}

export type LoginOutcome =
  { kind: 'signed-in'; session: SessionGrant } | { kind: 'second-step'; challenge: string };

/**
 * One attempt of a secret (a password, a second factor's code) under the login throttle:
 * 429 while the name typed is refused from `address`; else `check` runs, told whether the
 * account is past its limit from an address it never logged in from (`refused`: the attempt
 * then fails whatever it sends, so a check that uses something up must not use it). False,
 * counted as a failure, when the check fails or the account refuses; true when it passes.
 */
export async function throttledAttempt(
  limiter: LoginAttemptLimiter,
  attempt: LoginAttempt,
  address: string,
  check: (refused: boolean) => Promise<boolean>,
): Promise<boolean> {
  const lockedForMs = await limiter.refusedFor(attempt.typedName, address);
  if (lockedForMs > 0) throw loginLockedRefusal(lockedForMs);
  // Past the account's limit a new address gets the wrong answer even for the right
  // secret: a 429 here would link the names of one account.
  const refused = await limiter.accountRefuses(attempt, address);
  const passes = (await check(refused)) && !refused;
  if (!passes) await limiter.recordFailure(attempt, address);
  return passes;
}

/**
 * One password attempt under the login throttle (throttledAttempt): false for a wrong
 * password, an unknown name, or an account past its limit from a new address. Always one
 * argon2 verification, against a dummy hash when there is no account, refused or not.
 */
export function passwordPasses(
  limiter: LoginAttemptLimiter,
  attempt: { typedName: string; account: { id: number; passwordHash: string } | undefined },
  password: string,
  address: string,
): Promise<boolean> {
  const { typedName, account } = attempt;
  return throttledAttempt(limiter, { typedName, accountId: account?.id }, address, async () => {
    const matches = await passwordMatches(account?.passwordHash, password);
    return account !== undefined && matches;
  });
}

export async function logIn(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  input: Pick<LoginRequest, 'emailOrUsername' | 'password'>,
  browser: SignInBrowser,
  secondFactor: SecondFactorGate | null = null,
): Promise<LoginOutcome> {
  const address = browser.request.ip;
  const user = await findUserByEmailOrUsername(context.db, input.emailOrUsername);
  const attempt = { typedName: input.emailOrUsername, account: user };
  // Checked for unknown names too: they are throttled and take as long as known ones.
  const passes = await passwordPasses(limiter, attempt, input.password, address);
  if (!passes || !user) throw unauthorized(SERVER_MESSAGES.invalidCredentials);
  if (secondFactor && (await secondFactor.isRequiredFor(user.id))) {
    // The password alone is no sign-in: the throttle hears of a success only when the second
    // step ends in finishLogin, so a stolen password does not make its address a known one.
    refuseUnableAccount(user);
    return { kind: 'second-step', challenge: await secondFactor.challengeFor(user.id) };
  }
  const proven = { user, typedNames: [input.emailOrUsername] };
  return { kind: 'signed-in', session: await finishLogin(context, limiter, proven, browser) };
}

/**
 * Where every login ends once the person is proven (the password, then the second factor
 * when it is on): the throttle forgets the failures of the names typed from this address and
 * remembers the address, the account's state is told, and a web session starts in `browser`.
 */
export async function finishLogin(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  proven: { user: SignInAccount; typedNames: string[] },
  browser: SignInBrowser,
): Promise<SessionGrant> {
  const { user } = proven;
  const address = browser.request.ip;
  for (const name of proven.typedNames) {
    await limiter.recordSuccess(name, accountNamesOf(user), address);
  }
  refuseUnableAccount(user);
  return startSession(context, user.id, browser);
}

/** A banned or unverified account's refusal, told only to the right password. */
function refuseUnableAccount(user: SignInAccount): void {
  if (user.bannedAt) throw bannedRefusal(SERVER_MESSAGES.accountBanned, user.banNotice);
  // The right password may learn the address the link went to: the web app offers
  // "Resend the email" for it, which keeps the one count of mails per address (decision 033).
  if (!user.emailVerifiedAt) {
    throw new HttpError(403, SERVER_MESSAGES.emailNotVerified, undefined, {
      unverified: true,
      email: user.email,
    });
  }
}
