/**
 * The end every sign-in shares (docs/ARCHITECTURE.md section 4): a password login, and the
 * steps of the two-factor module (a passkey). Only whoever proved to be the account's owner
 * learns its status (banned, unverified); then a web session starts, the refresh cookie is
 * set, and the answer is the login's, so a client cannot tell which way the person signed in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES, type AccessTokenData } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { bannedRefusal, HttpError } from '../../lib/http-error.ts';
import { answer, type DataAnswer } from '../../lib/replies.ts';
import type { AuthContext } from './auth-context.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import { startSession } from './session-service.ts';
import { findUserRow } from './users-repository.ts';

/** What finishing a sign-in reads of the account. */
export interface SignInAccount {
  id: number;
  email: string;
  username: string;
  emailVerifiedAt: Date | null;
  bannedAt: Date | null;
  /** What the operator chose to tell the person when banning (decision 033). */
  banNotice: string | null;
}

/** The account `userId` as a sign-in reads it; none for a deleted account (its tombstone). */
export async function signInAccountOf(
  db: Queryable,
  userId: number,
): Promise<SignInAccount | undefined> {
  const row = await findUserRow(db, userId);
  if (!row || row.deletedAt) return undefined;
  const { id, email, username, emailVerifiedAt, bannedAt, banNotice } = row;
  return { id, email, username, emailVerifiedAt, bannedAt, banNotice };
}

/**
 * Signs `account` in on this request, its owner proven: refuses a banned or unverified
 * account as the login does, else starts the session, sets the cookie and returns the answer.
 */
export async function finishSignIn(
  context: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: SignInAccount,
): Promise<DataAnswer<AccessTokenData>> {
  if (account.bannedAt) throw bannedRefusal(SERVER_MESSAGES.accountBanned, account.banNotice);
  // The right proof may learn the address the link went to: the web app offers
  // "Resend the email" for it, which keeps the one count of mails per address (decision 033).
  if (!account.emailVerifiedAt) {
    throw new HttpError(403, SERVER_MESSAGES.emailNotVerified, undefined, {
      unverified: true,
      email: account.email,
    });
  }
  const session = await startSession(context, account.id, request.ip);
  setRefreshCookie(reply, context.config, session.refreshToken, session.refreshMaxAgeSeconds);
  return answer(SERVER_MESSAGES.loggedIn, { accessToken: session.accessToken });
}
