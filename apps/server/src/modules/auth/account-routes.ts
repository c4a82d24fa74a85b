/**
 * The account's settings under /v1/api/account (issue 29), in the signed-in scope, a web
 * session's only: the account itself, its preferences (its language, issue 28), username,
 * password and email, and its sessions. Routes only translate HTTP: the rules live in the
 * services beside this file. The email change's links are public (email-link-routes.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountOverviewSchema,
  accountPreferencesSchema,
  accountSessionsSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  changeUsernameRequestSchema,
  dataEnvelope,
  endedSessionsSchema,
  messageEnvelopeSchema,
  SERVER_MESSAGES,
  sessionIdParamsSchema,
} from '@netpulse/shared';
import { notFound } from '../../lib/http-error.ts';
import { answerLocale } from '../../lib/request-locale.ts';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import {
  endAccountSession,
  endOtherAccountSessions,
  accountSessions,
} from './account-sessions-service.ts';
import {
  accountOverview,
  changePassword,
  changeUsername,
  type Requester,
  signedInAccount,
} from './account-settings-service.ts';
import { requestEmailChange } from './email-change-service.ts';
import { forgetLiveSessions } from './live-sessions.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { clearRefreshCookie } from './refresh-cookie.ts';
import { updateLocale } from './users-repository.ts';

/** The signed-in caller, and the browser and address the security mails name. */
function requesterOf(request: FastifyRequest): Requester {
  const user = sessionUserOf(request);
  return {
    userId: user.id,
    sessionId: user.sessionId,
    userAgent: request.headers['user-agent'],
    address: request.ip,
  };
}

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter } = app.loginThrottle;

  app.get(
    '/',
    {
      // /v1/api/account alone, not also /v1/api/account/.
      prefixTrailingSlash: 'no-slash',
      schema: {
        tags: ['account'],
        summary: 'The account: its username, email, the address waiting for confirmation',
        response: responses(dataEnvelope(accountOverviewSchema), 401, 429),
      },
      config: AUTH_RATE_LIMITS.accountRead,
    },
    async (request) => {
      const account = await signedInAccount(app, sessionUserOf(request).id);
      return okAnswer(await accountOverview(app, account));
    },
  );

  app.patch(
    '/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the account’s preferences: its language',
        body: accountPreferencesSchema,
        response: responses(dataEnvelope(accountPreferencesSchema), 400, 401, 429),
      },
      config: AUTH_RATE_LIMITS.preferences,
    },
    async (request) => {
      const user = sessionUserOf(request);
      const { locale } = request.body;
      await updateLocale(app.db, user.id, locale);
      // The sessions remember the language they read (authenticate.ts): this server's read it
      // again at their next request; another server's within AUTH_POLICY.sessionRecheckMs.
      forgetLiveSessions({ userId: user.id });
      request.user = { ...user, locale };
      request.log.info({ userId: user.id, locale }, 'account language set');
      return answer(SERVER_MESSAGES.preferencesSaved, { locale });
    },
  );

  app.patch(
    '/username',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change the username: unique whatever its case, once in 30 days (409 naming when it may change again)',
        body: changeUsernameRequestSchema,
        response: responses(dataEnvelope(accountOverviewSchema), 400, 401, 409, 429),
      },
      config: AUTH_RATE_LIMITS.changeUsername,
    },
    async (request) => {
      const { id } = sessionUserOf(request);
      const account = await changeUsername(app, id, request.body.username);
      return answer(ACCOUNT_MESSAGES.usernameChanged, await accountOverview(app, account));
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change the password with the current one; every other browser is signed out, the extension’s node sessions stay',
        body: changePasswordRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 429),
      },
      config: AUTH_RATE_LIMITS.changePassword,
    },
    async (request) => {
      await changePassword(app, limiter, requesterOf(request), request.body);
      return answer(ACCOUNT_MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/email',
    {
      schema: {
        tags: ['account'],
        summary:
          'Ask for a new email address, with the password: a link to it confirms it (the same answer whether or not another account has it)',
        body: changeEmailRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 429),
      },
      config: AUTH_RATE_LIMITS.changeEmail,
    },
    async (request) => {
      await requestEmailChange(app, limiter, requesterOf(request), request.body);
      return answer(ACCOUNT_MESSAGES.emailChangeRequested);
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['account'],
        summary:
          'Every browser signed in to the account, by browser and network (never the address), the most recently used first',
        response: responses(dataEnvelope(accountSessionsSchema), 401, 429),
      },
      config: AUTH_RATE_LIMITS.accountRead,
    },
    async (request) =>
      okAnswer(await accountSessions(app, requesterOf(request), answerLocale(request))),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary:
          'End one of the account’s browser sessions; ending this browser’s signs it out (404 for any other id)',
        params: sessionIdParamsSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 404, 429),
      },
      config: AUTH_RATE_LIMITS.endSessions,
    },
    async (request, reply) => {
      const ended = await endAccountSession(app, requesterOf(request), request.params.id);
      if (ended === 'not-found') throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      if (ended === 'other-browser') return answer(ACCOUNT_MESSAGES.sessionEnded);
      // The refresh cookie is scoped to /v1/api/auth, but any answer may clear it.
      clearRefreshCookie(reply, app.config);
      return answer(ACCOUNT_MESSAGES.signedOutHere);
    },
  );

  app.delete(
    '/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'End every browser session of the account but this one',
        response: responses(dataEnvelope(endedSessionsSchema), 401, 429),
      },
      config: AUTH_RATE_LIMITS.endSessions,
    },
    async (request) => {
      const ended = await endOtherAccountSessions(app, requesterOf(request));
      return answer(ACCOUNT_MESSAGES.otherSessionsEnded, { ended });
    },
  );
};

export default accountRoutes;
