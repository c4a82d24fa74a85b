/**
 * How a login answers once it has a session (docs/ARCHITECTURE.md section 4): the access
 * token (the session's start set the refresh and device cookies). The password login, its
 * second step and a passkey's sign-in answer alike.
 */
import { SERVER_MESSAGES } from '@netpulse/shared';
import { answer } from '../../lib/replies.ts';
import type { SessionGrant } from './session-service.ts';

export function loggedInAnswer(session: SessionGrant) {
  return answer(SERVER_MESSAGES.loggedIn, { accessToken: session.accessToken });
}
