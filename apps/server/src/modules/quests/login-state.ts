/**
 * The one-time `state` of a platform login (docs/ARCHITECTURE.md section 6). The
 * signed-in page asks for one before it opens a login; it travels through the
 * platform and back to /quests, and the link call (or YouTube's check) hands it
 * in. It is accepted once, within the login's lifetime, and only from the
 * session it was issued to: a crafted return carrying someone else's login, or
 * a state of another session, links nothing.
 */
import { QUEST_MESSAGE_TEMPLATES, type SocialStateRequest } from '@netpulse/shared';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import { forbidden } from '../../lib/http-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { platformName, type QuestContext } from './quest-context.ts';
import { saveOAuthRequest, takeOAuthRequest } from './quests-repository.ts';
import { text } from '../../lib/server-intl.ts';

type LoginPlatform = SocialStateRequest['platform'];

/** How long a login may take between the page asking for its state and the link. */
export const LOGIN_LIFETIME_MS = 15 * 60_000;

/** Kept beside the OAuth request tokens, under its hash, so a leaked table row links nothing. */
const rowKeyOf = (state: string) => `login-state:${hashToken(state)}`;

interface IssuedTo {
  platform: LoginPlatform;
  userId: number;
  sessionId: string;
}

export async function issueLoginState(
  context: QuestContext,
  session: SessionUser,
  platform: LoginPlatform,
): Promise<string> {
  const state = newSecretToken();
  const issuedTo: IssuedTo = { platform, userId: session.id, sessionId: session.sessionId };
  const now = context.clock.now();
  await saveOAuthRequest(
    context.db,
    {
      token: rowKeyOf(state),
      sealedSecret: context.box.seal(JSON.stringify(issuedTo)),
      expiresAt: new Date(now.getTime() + LOGIN_LIFETIME_MS),
    },
    now,
  );
  return state;
}

/**
 * Uses the state up: 403 unless this session was issued it for this platform
 * and it is neither used nor expired. Taken before the platform is asked, so a
 * state is good for one try whatever the platform answers.
 */
export async function takeLoginState(
  context: QuestContext,
  state: string,
  session: SessionUser,
  platform: LoginPlatform,
): Promise<void> {
  const sealed = await takeOAuthRequest(context.db, rowKeyOf(state), context.clock.now());
  const opened = sealed === null ? null : context.box.open(sealed);
  const issuedTo = opened === null ? null : (JSON.parse(opened) as IssuedTo);
  if (
    issuedTo?.platform !== platform ||
    issuedTo.userId !== session.id ||
    issuedTo.sessionId !== session.sessionId
  ) {
    throw forbidden(
      text(QUEST_MESSAGE_TEMPLATES.loginNotStartedHere, { platform: platformName(platform) }),
    );
  }
}
