/**
 * How a login answers once it has a session (docs/ARCHITECTURE.md section 4): the refresh
 * cookie and the access token. The password login and its second step answer alike.
 */
import type { FastifyReply } from 'fastify';
import { SERVER_MESSAGES } from '@netpulse/shared';
import type { Config } from '../../env.ts';
import { answer } from '../../lib/replies.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import type { SessionGrant } from './session-service.ts';

export function loggedInAnswer(reply: FastifyReply, config: Config, session: SessionGrant) {
  setRefreshCookie(reply, config, session.refreshToken, session.refreshMaxAgeSeconds);
  return answer(SERVER_MESSAGES.loggedIn, { accessToken: session.accessToken });
}
