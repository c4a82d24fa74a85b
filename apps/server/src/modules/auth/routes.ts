/**
 * The auth API under /v1/api/auth (spec section 7, docs/ARCHITECTURE.md section 4).
 * Routes only translate HTTP: the rules live in the services beside this file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenDataSchema,
  dataEnvelope,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageEnvelopeSchema,
  refusalEnvelopeSchema,
  registerRequestSchema,
  resendVerificationRequestSchema,
  resendWaitEnvelopeSchema,
  resetPasswordRequestSchema,
  SERVER_MESSAGE_TEMPLATES,
  waitValues,
  SERVER_MESSAGES,
  verifyEmailParamsSchema,
} from '@netpulse/shared';
import { AfterAnswer } from '../../lib/after-answer.ts';
import { answer, responses } from '../../lib/replies.ts';
import {
  badRequest,
  bannedRefusal,
  conflict,
  HttpError,
  unauthorized,
} from '../../lib/http-error.ts';
import { requireCaptcha } from '../captcha/index.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import { resendVerification, verifyEmail } from './email-verification-service.ts';
import type { AttemptStore } from './login-attempt-limiter.ts';
import { loginLimiterOn } from './login-throttle.ts';
import { logIn } from './login-service.ts';
import { rejectForeignOrigin } from './origin-check.ts';
import { requestPasswordReset, resetPassword } from './password-reset-service.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';
import { endSession, refreshSession } from './session-service.ts';
import { signUp } from './signup-service.ts';
import { VerificationResendLimiter } from './verification-resend-limiter.ts';
import { offeredRequestedLocale } from '../../lib/request-locale.ts';
import { text } from '../../lib/server-intl.ts';

const accessTokenEnvelope = dataEnvelope(accessTokenDataSchema);

const secondsOf = (ms: number) => Math.ceil(ms / 1000);

export interface AuthRoutesOptions {
  /** The login throttle's counts, shared with the other steps a password proves (login-throttle.ts). */
  attemptStore: AttemptStore;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { attemptStore }) => {
  const loginLimiter = loginLimiterOn(attemptStore, app.clock);
  const resendLimiter = new VerificationResendLimiter(attemptStore, app.clock);
  const afterAnswer = new AfterAnswer(app.log);
  app.addHook('onClose', () => afterAnswer.settled());

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; an address already registered gets the same answer',
        body: registerRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 429),
      },
      config: AUTH_RATE_LIMITS.signup,
    },
    async (request) => {
      await requireCaptcha(request, request.body.captchaResponse);
      await signUp(app, { ...request.body, locale: offeredRequestedLocale(request) });
      // The first mail counts: "Resend the email" waits its minute from here.
      await resendLimiter.recordSend(request.body.email);
      return answer(SERVER_MESSAGES.signedUp);
    },
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a new verification link; the same answer for every address, one mail a minute and a few an hour per address',
        body: resendVerificationRequestSchema,
        response: {
          ...responses(resendWaitEnvelopeSchema, 400),
          429: resendWaitEnvelopeSchema,
        },
      },
      config: AUTH_RATE_LIMITS.resendVerification,
    },
    async (request, reply) => {
      const { email } = request.body;
      const waitMs = await resendLimiter.waitFor(email);
      if (waitMs > 0) {
        const retryAfterSeconds = secondsOf(waitMs);
        void reply.header('Retry-After', String(retryAfterSeconds));
        throw new HttpError(
          429,
          text(SERVER_MESSAGE_TEMPLATES.resendWait, waitValues(retryAfterSeconds)),
          undefined,
          {
            retryAfterSeconds,
          },
        );
      }
      await resendLimiter.recordSend(email);
      const retryAfterSeconds = secondsOf(AUTH_POLICY.verificationResend.minIntervalMs);
      // The answer goes first, as forgot-password's does: a known address must not be slower.
      await reply.send(answer(SERVER_MESSAGES.verificationResent, { retryAfterSeconds }));
      afterAnswer.run('verification resend', () => resendVerification(app, email));
      return reply;
    },
  );

  app.get(
    '/verify-email/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Use an email verification link',
        params: verifyEmailParamsSchema,
        response: responses(messageEnvelopeSchema, 400, 409, 429),
      },
      config: AUTH_RATE_LIMITS.verifyEmail,
    },
    async (request) => {
      const outcome = await verifyEmail(app, request.params.token);
      if (outcome === 'already-verified') throw conflict(SERVER_MESSAGES.emailAlreadyVerified);
      if (outcome === 'invalid') throw badRequest(SERVER_MESSAGES.verifyTokenInvalid);
      return answer(SERVER_MESSAGES.verified);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in; sets the refresh cookie and returns an access token',
        body: loginRequestSchema,
        response: { ...responses(accessTokenEnvelope, 400, 401, 429), 403: refusalEnvelopeSchema },
      },
      config: AUTH_RATE_LIMITS.login,
    },
    async (request, reply) => {
      await requireCaptcha(request, request.body.captchaResponse);
      const session = await logIn(app, loginLimiter, request.body, request.ip);
      setRefreshCookie(reply, app.config, session.refreshToken, session.refreshMaxAgeSeconds);
      return answer(SERVER_MESSAGES.loggedIn, { accessToken: session.accessToken });
    },
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (and a rotated cookie)',
        response: { ...responses(accessTokenEnvelope, 401, 429), 403: refusalEnvelopeSchema },
      },
      config: AUTH_RATE_LIMITS.refreshToken,
      preHandler: rejectForeignOrigin,
    },
    async (request, reply) => {
      const outcome = await refreshSession(app, request.cookies[REFRESH_COOKIE], { kind: 'web' });
      if (outcome.kind === 'rejected') {
        clearRefreshCookie(reply, app.config);
        // A banned person's open tab learns why it is signed out (decision 033).
        if (outcome.banned)
          throw bannedRefusal(SERVER_MESSAGES.accountBanned, outcome.banned.notice);
        throw unauthorized(SERVER_MESSAGES.refreshInvalid);
      }
      if (outcome.kind === 'rotated') {
        const { refreshToken, refreshMaxAgeSeconds } = outcome.grant;
        setRefreshCookie(reply, app.config, refreshToken, refreshMaxAgeSeconds);
      }
      const accessToken =
        outcome.kind === 'rotated' ? outcome.grant.accessToken : outcome.accessToken;
      return answer(SERVER_MESSAGES.refreshed, { accessToken });
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the refresh cookie',
        response: responses(messageEnvelopeSchema, 403, 429),
      },
      config: AUTH_RATE_LIMITS.logout,
      preHandler: rejectForeignOrigin,
    },
    async (request, reply) => {
      await endSession(app, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply, app.config);
      return answer(SERVER_MESSAGES.loggedOut);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; the same answer for every address',
        body: forgotPasswordRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 429),
      },
      config: AUTH_RATE_LIMITS.forgotPassword,
    },
    async (request, reply) => {
      // The answer goes first: looking the address up, storing a token and queuing
      // the mail made a known address measurably slower (docs/RELIABILITY.md).
      await reply.send(answer(SERVER_MESSAGES.forgotAccepted));
      afterAnswer.run('password reset request', () =>
        requestPasswordReset(app, request.body.email),
      );
      return reply;
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the account',
        body: resetPasswordRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 429),
      },
      config: AUTH_RATE_LIMITS.resetPassword,
    },
    async (request) => {
      if (!(await resetPassword(app, loginLimiter, request.body)))
        throw badRequest(SERVER_MESSAGES.resetTokenInvalid);
      return answer(SERVER_MESSAGES.resetDone);
    },
  );
};

export default authRoutes;
