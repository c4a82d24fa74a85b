/**
 * Sign-in sessions (docs/ARCHITECTURE.md section 4). A login starts a refresh family
 * with a 30-day absolute life; each refresh rotates its token. A rotated token
 * that comes back within the grace window is a second tab that raced the
 * first: it gets an access token but no new cookie. One that comes back later
 * was copied, so the whole family is revoked and every token in it stops working.
 * A family has a kind (docs/decisions/026): a login's is `web`, an extension
 * node's `node`, and a token is exchanged only where its kind is expected.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import type { SessionKind } from '../../lib/session-user.ts';
import { recordSecurityEvent } from '../security-events/index.ts';
import { issueAccessToken } from './access-token.ts';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import { deviceOf, setDeviceCookie } from './device-cookie.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import {
  deviceHistoryOf,
  findRefreshToken,
  insertRefreshFamily,
  insertRefreshToken,
  markFamilyUsed,
  markRefreshTokenRotated,
  revokeRefreshFamilies,
  type RevokeReason,
  type SessionBrowser,
} from './sessions-repository.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';

export interface SessionGrant {
  accessToken: string;
  refreshToken: string;
  /** The family's remaining life, for the cookie's Max-Age. */
  refreshMaxAgeSeconds: number;
}

export type RefreshOutcome =
  | { kind: 'rotated'; grant: SessionGrant }
  | { kind: 'raced'; accessToken: string }
  /** `banned` is set when the token's account is banned: the web says so (decision 033). */
  | { kind: 'rejected'; banned?: { notice: string | null } };

function secondsUntil(time: Date, now: Date): number {
  return Math.max(0, Math.floor((time.getTime() - now.getTime()) / 1000));
}

/** A refresh family just written, before its tokens are handed out (grantOf). */
export interface OpenedSession {
  userId: number;
  familyId: string;
  kind: SessionKind;
  refreshToken: string;
  expiresAt: Date;
  openedAt: Date;
}

/**
 * Writes a new session family of `kind` and its first refresh token with `db`:
 * the caller's transaction when the session belongs with other writes (a node's
 * registration), so a session exists only if they all commit. `address` is
 * the client's, kept for the console's sign-in history and fraud signals.
 */
export async function openSessionFamily(
  db: Queryable,
  family: {
    userId: number;
    kind: SessionKind;
    address?: string | null;
    /** A web sign-in's browser: the Sessions list names it, and a new one is told. */
    browser?: SessionBrowser;
  },
  now: Date,
): Promise<OpenedSession> {
  const { userId, kind } = family;
  const expiresAt = new Date(now.getTime() + AUTH_POLICY.refreshFamilyLifetimeMs);
  const refreshToken = newSecretToken();
  const familyId = await insertRefreshFamily(db, {
    userId,
    kind,
    expiresAt,
    createdAt: now,
    address: family.address ?? null,
    ...family.browser,
    lastUsedAt: now,
  });
  await insertRefreshToken(db, { familyId, tokenHash: hashToken(refreshToken), createdAt: now });
  return { userId, familyId, kind, refreshToken, expiresAt, openedAt: now };
}

/** The tokens of a session once its family is committed: an access token and the refresh token. */
export async function grantOf(context: AuthContext, session: OpenedSession): Promise<SessionGrant> {
  return {
    accessToken: await issueAccessToken(context, {
      userId: session.userId,
      sessionId: session.familyId,
      kind: session.kind,
    }),
    refreshToken: session.refreshToken,
    refreshMaxAgeSeconds: secondsUntil(session.expiresAt, session.openedAt),
  };
}

/**
 * The browser a web sign-in answers: its request (address, user agent, device cookie) and the
 * reply that carries its cookies back.
 */
export interface SignInBrowser {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** User agents are kept for the Sessions list; a longer one is cut (its start names the browser). */
const USER_AGENT_KEPT = 512;

/**
 * Starts a web session for a user who just proved who they are: the one place every web
 * sign-in goes through (password login, and the second-factor and passkey steps), so each
 * one's session names its browser and a new browser is told to the account.
 *
 * With `browser`, the session keeps the request's address, user agent and device (the
 * device cookie's hash, device-cookie.ts); a device the account never signed in from is
 * recorded as `new_browser_sign_in` (mailed) in the session's transaction, unless no session
 * of the account named a device before (its first sign-in). The reply gets the refresh
 * cookie, and the device cookie when the browser had none. The caller answers with the
 * grant's access token (`SERVER_MESSAGES.loggedIn`), as the login route does.
 *
 * Without `browser` (tests and the bench start sessions directly), a bare session.
 */
export async function startSession(
  context: AuthContext,
  userId: number,
  browser?: SignInBrowser,
): Promise<SessionGrant> {
  const now = context.clock.now();
  const request = browser?.request;
  const device = request ? deviceOf(request) : undefined;
  const userAgent = request?.headers['user-agent']?.slice(0, USER_AGENT_KEPT) ?? null;
  const address = request?.ip ?? null;
  const session = await inTransaction(context.db, async (tx) => {
    const history = device ? await deviceHistoryOf(tx, userId, device.hash) : undefined;
    const opened = await openSessionFamily(
      tx,
      {
        userId,
        kind: 'web',
        address,
        ...(device ? { browser: { userAgent, deviceHash: device.hash } } : {}),
      },
      now,
    );
    if (history?.anyDevice && !history.thisDevice) {
      await recordSecurityEvent(
        context,
        {
          userId,
          type: 'new_browser_sign_in',
          userAgent: userAgent ?? undefined,
          address: address ?? undefined,
        },
        tx,
      );
    }
    return opened;
  });
  const grant = await grantOf(context, session);
  if (browser) {
    if (device?.newToken) setDeviceCookie(browser.reply, context.config, device.newToken);
    setRefreshCookie(browser.reply, context.config, grant.refreshToken, grant.refreshMaxAgeSeconds);
  }
  return grant;
}

/**
 * Exchanges a refresh token (see the module comment for the rules) of a family
 * of `expected.kind`: the cookie's (web), or a node's, whose token counts only
 * in `expected.onlyFamily`, the family that is that node's session. A token of
 * another kind is refused like an unknown one, before anything is written: a
 * node's token sent as the cookie neither rotates nor revokes its family.
 */
export async function refreshSession(
  context: AuthContext,
  presented: string | undefined,
  expected: { kind: SessionKind; onlyFamily?: string },
): Promise<RefreshOutcome> {
  if (!presented) return { kind: 'rejected' };
  const now = context.clock.now();
  const token = await findRefreshToken(context.db, hashToken(presented));
  if (token?.userBannedAt && token.familyKind === expected.kind) {
    return { kind: 'rejected', banned: { notice: token.userBanNotice } };
  }
  if (!token || token.familyRevokedAt || token.familyExpiresAt <= now || token.userBannedAt) {
    return { kind: 'rejected' };
  }
  if (token.familyKind !== expected.kind) return { kind: 'rejected' };
  if (expected.onlyFamily !== undefined && token.familyId !== expected.onlyFamily) {
    return { kind: 'rejected' };
  }
  const claims = { userId: token.userId, sessionId: token.familyId, kind: token.familyKind };

  if (token.rotatedAt === null) {
    const next = newSecretToken();
    const rotated = await inTransaction(context.db, async (tx) => {
      if (!(await markRefreshTokenRotated(tx, token.tokenId, now))) return false;
      await insertRefreshToken(tx, {
        familyId: token.familyId,
        tokenHash: hashToken(next),
        createdAt: now,
      });
      await markFamilyUsed(tx, token.familyId, now);
      return true;
    });
    // Not rotated: a concurrent request rotated it a moment ago, the race the grace is for.
    if (!rotated) return { kind: 'raced', accessToken: await issueAccessToken(context, claims) };
    return {
      kind: 'rotated',
      grant: {
        accessToken: await issueAccessToken(context, claims),
        refreshToken: next,
        refreshMaxAgeSeconds: secondsUntil(token.familyExpiresAt, now),
      },
    };
  }

  if (now.getTime() - token.rotatedAt.getTime() <= AUTH_POLICY.refreshReuseGraceMs) {
    return { kind: 'raced', accessToken: await issueAccessToken(context, claims) };
  }
  await revokeRefreshFamilies(context.db, { familyId: token.familyId }, 'reuse', now);
  context.log.warn(
    { userId: token.userId },
    'a rotated refresh token was replayed: session revoked',
  );
  return { kind: 'rejected' };
}

/**
 * Ends one session: its family is revoked (its refresh tokens stop working) and
 * this process forgets it was live, so its access tokens fail at once here and
 * within AUTH_POLICY.sessionRecheckMs on other servers.
 */
export async function revokeSession(
  db: Queryable,
  familyId: string,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  await revokeRefreshFamilies(db, { familyId }, reason, now);
}

/**
 * Logout: revokes the cookie's family, if the cookie names a web one. A node's
 * token is never a cookie: it ends with its node's removal, not here.
 */
export async function endSession(
  context: AuthContext,
  presented: string | undefined,
): Promise<void> {
  if (!presented) return;
  const token = await findRefreshToken(context.db, hashToken(presented));
  if (token?.familyKind === 'web') {
    await revokeRefreshFamilies(
      context.db,
      { familyId: token.familyId },
      'logout',
      context.clock.now(),
    );
  }
}
