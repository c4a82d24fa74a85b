/**
 * The Sessions list (issue 29): every browser signed in to the account (its live web
 * sessions), named by browser and network only, never by address; one may be ended, or all
 * but the caller's. An ended session's refresh token stops working at once, and its access
 * tokens at once on this server and within AUTH_POLICY.sessionRecheckMs on the others
 * (sessions-repository.ts forgets it in live-sessions.ts).
 */
import type { CatalogLocale } from '@netpulse/i18n';
import { ACCOUNT_MESSAGE_TEMPLATES, type AccountSession } from '@netpulse/shared';
import { inTransaction } from '../../db/transaction.ts';
import { networkOf } from '../../lib/address-network.ts';
import { browserNameOf, type BrowserWords } from '../../lib/browser-name.ts';
import { translate } from '../../lib/server-intl.ts';
import { recordSecurityEvent } from '../security-events/index.ts';
import type { Requester } from './account-settings-service.ts';
import type { AuthContext } from './auth-context.ts';
import { liveWebSessionsOf, revokeWebSessionsOfUser } from './sessions-repository.ts';

/** The words between a browser's names in the list's language ("Chrome sur Windows"). */
function browserWordsIn(locale: CatalogLocale): BrowserWords {
  return {
    onSystem: (browser, system) =>
      translate(locale, ACCOUNT_MESSAGE_TEMPLATES.browserOnSystem, { browser, system }),
    unknown: translate(locale, ACCOUNT_MESSAGE_TEMPLATES.unknownBrowser),
  };
}

export async function accountSessions(
  context: AuthContext,
  requester: Pick<Requester, 'userId' | 'sessionId'>,
  locale: CatalogLocale,
): Promise<AccountSession[]> {
  const sessions = await liveWebSessionsOf(context.db, requester.userId, context.clock.now());
  const words = browserWordsIn(locale);
  return sessions.map((session) => ({
    id: session.id,
    browser: browserNameOf(session.userAgent, words),
    network: networkOf(session.address),
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt.toISOString(),
    current: session.id === requester.sessionId,
  }));
}

/** What ending one session did: nothing (no such live session of the caller's), or which. */
export type EndedSession = 'not-found' | 'this-browser' | 'other-browser';

/**
 * Ends one of the caller's web sessions. Another account's, a node's, an ended or an
 * unknown one are all 'not-found'. Ending another browser's is told to the account; ending
 * one's own is a sign-out, as a logout is, and is not.
 */
export async function endAccountSession(
  context: AuthContext,
  requester: Requester,
  sessionId: string,
): Promise<EndedSession> {
  const now = context.clock.now();
  const here = sessionId === requester.sessionId;
  return inTransaction(context.db, async (tx) => {
    const ended = await revokeWebSessionsOfUser(
      tx,
      { userId: requester.userId, familyId: sessionId },
      here ? 'logout' : 'ended-by-owner',
      now,
    );
    if (ended.length === 0) return 'not-found';
    if (here) return 'this-browser';
    await recordSecurityEvent(context, sessionEndedBy(requester), tx);
    return 'other-browser';
  });
}

/** Ends every web session of the caller's account but the caller's; answers how many. */
export async function endOtherAccountSessions(
  context: AuthContext,
  requester: Requester,
): Promise<number> {
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const ended = await revokeWebSessionsOfUser(
      tx,
      { userId: requester.userId, except: requester.sessionId },
      'ended-by-owner',
      now,
    );
    if (ended.length > 0) await recordSecurityEvent(context, sessionEndedBy(requester), tx);
    return ended.length;
  });
}

const sessionEndedBy = (requester: Requester) => ({
  userId: requester.userId,
  type: 'session_ended' as const,
  userAgent: requester.userAgent,
  address: requester.address,
});
