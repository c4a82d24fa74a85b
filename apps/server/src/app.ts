/**
 * Builds the application as a Fastify instance with every plugin and feature
 * registered; server.ts only listens and closes, and tests call `inject` on it.
 */
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import type { Config } from './env.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { CaptchaVerifier } from './providers/captcha/captcha.ts';
import { createMailer } from './providers/mail/index.ts';
import { createCaptchaVerifier } from './providers/captcha/index.ts';
import errorHandler, { clientErrors, frameworkErrors } from './plugins/error-handler.ts';
import localizeAnswers from './plugins/localize-answers.ts';
import security from './plugins/security.ts';
import apiDocs from './plugins/api-docs.ts';
import spa from './plugins/spa.ts';
import { downloadRoutes } from './modules/downloads/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { publicConfigRoutes, publicConfigOf } from './modules/public-config/index.ts';
import { accountDataRoutes } from './modules/account-data/index.ts';
import {
  accountRoutes,
  authRoutes,
  emailLinkRoutes,
  loginThrottle,
  profileRoutes,
  findUserRow,
  sessionStillLive,
  signedInScope,
} from './modules/auth/index.ts';
import { captchaRoutes } from './modules/captcha/index.ts';
import { cliRelayRoutes } from './modules/cli-relay/index.ts';
import { runAdminCommand } from './cli/admin-commands.ts';
import { claimReminders, claimRoutes, dailyClaimGroup } from './modules/claims/index.ts';
import { earningsRoutes } from './modules/earnings/index.ts';
import { questRoutes, socialQuestRoutes, socialLoginRoutes } from './modules/quests/index.ts';
import { referralRoutes } from './modules/referrals/index.ts';
import {
  handleNoticePushes,
  noticeMailChannel,
  notificationRoutes,
} from './modules/notifications/index.ts';
import { loadVapidKeys, pushRoutes, sendPushToUser } from './modules/push/index.ts';
import { firstRunRoutes } from './modules/first-run/index.ts';
import benchBaseline from './plugins/bench-baseline.ts';
import { adminOf, adminRoutes, adminScope, writeAudit } from './modules/admin/index.ts';
import { fraudSignalRoutes } from './modules/fraud-signals/index.ts';
import {
  speedtestRoutes,
  ndt7Routes,
  ndt7WebSocketPluginOptions,
  MeasurementRuns,
  TicketSigner,
  completionGroup,
} from './modules/speedtests/index.ts';
import { nodeRoutes, nodeSessionRoutes, quietNodeScan } from './modules/nodes/index.ts';
import {
  hasSecondFactor,
  passkeyRoutes,
  passkeySignInRoutes,
  secondFactorCheckOf,
  type SecondFactorCheck,
  secondFactorGate,
  twoFactorContextOf,
  twoFactorLoginRoutes,
  twoFactorRoutes,
} from './modules/two-factor/index.ts';
import { loadAuthSecret } from './lib/auth-secret.ts';
import { ExportSlots } from './lib/export-slots.ts';
import { RequestLog } from './lib/request-log.ts';
import { fastifyTrustProxy } from './lib/trusted-proxies.ts';
import { connectRedis, type Redis } from './lib/redis.ts';
import { metrics, metricsRoutes } from './modules/metrics/index.ts';
import { explorerRebuilds, explorerRoutes, openDataRoutes } from './modules/explorer/index.ts';
import { jobQueue, jobRoutes } from './modules/jobs/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    clock: Clock;
    mailer: Mailer;
    captcha: CaptchaVerifier;
    authSecret: Uint8Array;
    /** Shared state of several servers (REDIS_URL); null when this server is alone. */
    redis: Redis | null;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app is; tests point it at a fixture. */
  webDistDir?: string;
  /** The extension zip to offer at /downloads/extension.zip; tests point it at a fixture. */
  extensionZipPath?: string;
  /** How long each ndt7 direction runs (10 s); tests shorten it. */
  ndt7DurationMs?: number;
  /** Rows per statement of the CSV exports (1000); tests make it small to cross chunks. */
  exportChunkRows?: number;
  /**
   * Whether the account's second factor proves its deletion; by default the one below, which
   * reads whether an authenticator app is on. Tests hand in a stand-in.
   */
  confirmSecondFactor?: SecondFactorCheck;
}

/** Paths whose last segment is a secret (email links); the log shows them masked. */
const SECRET_PATH = /(\/verify-email\/)[^/?]+/;
/**
 * Query parameters that carry secrets: a reset link's token, what the platform logins hand
 * back (accessToken, oauth_token, oauth_verifier, code, state), and a password a form sent
 * the browser's own way.
 */
const SECRET_QUERY = /([?&](?:\w*token|oauth_verifier|code|state|password)=)[^&#]*/gi;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.replace(SECRET_PATH, '$1***').replace(SECRET_QUERY, '$1***'),
        remoteAddress: request.ip,
      }),
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    frameworkErrors,
    logController: new RequestLog(),
    clientErrorHandler: clientErrors,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const clock = options.clock ?? systemClock;
  const authSecret = loadAuthSecret(config);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('mailer', options.mailer ?? createMailer(config, app.log));
  app.decorate('captcha', options.captcha ?? createCaptchaVerifier(config, { authSecret, clock }));
  app.decorate('authSecret', authSecret);
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
  app.decorate('redis', redis);

  await app.register(errorHandler);
  // First of the hooks, so every route's envelope and the 404s are said in the request's language.
  await app.register(localizeAnswers);
  // Early, so its request hooks time every route and the 404s.
  await app.register(metrics, { database });
  await app.register(security, { config, redis });
  await app.register(cookie);
  // Before any route, so it sees every upgrade request (ndt7 only answers them).
  await app.register(websocket, ndt7WebSocketPluginOptions);
  await app.register(apiDocs, { config });

  // The hot writes' groups (docs/decisions/020), made once here and closed with
  // the app: the claim and completion routes' requests join them.
  await app.register(dailyClaimGroup);
  await app.register(completionGroup);
  // The job queue's workers (docs/decisions/038): modules register their handlers on
  // app.jobs as they are registered; the workers start once the app is ready.
  await app.register(jobQueue);
  // /metrics exports the queue's counts through a callback: metrics reads no module.
  app.metrics.observeJobQueue(() => app.jobs.overview());
  // The time-based notices (issue 30): a node gone quiet, a streak about to break.
  await app.register(quietNodeScan);
  await app.register(claimReminders);
  // The explorer's figures (issue 31): rebuilt daily, and after an account's deletion.
  await app.register(explorerRebuilds);
  // Web Push (issue 30): the notices' pushes go through the push module, handed in here so
  // the notifications module imports neither it nor auth (which tells notices).
  const vapidKeys = loadVapidKeys(config, authSecret);
  const pushContext = {
    db: app.db,
    clock,
    vapidKeys,
    log: app.log.child({ module: 'push' }),
    allowLocalEndpoints: config.NODE_ENV !== 'production',
  };
  handleNoticePushes(app.jobs, {
    db: app.db,
    clock,
    log: pushContext.log,
    localeOf: async (userId) => {
      const user = await findUserRow(app.db, userId);
      return user && !user.deletedAt ? user.locale : undefined;
    },
    sendPush: (userId, payload) => sendPushToUser(pushContext, userId, payload),
  });
  // The notices' mail: its jobs' handlers, the daily digest, the signed-out unsubscribe.
  await app.register(noticeMailChannel);
  // One login throttle for every route that checks a password (login, reset, account settings).
  await app.register(loginThrottle);

  // The speed test API hands out the tickets the ndt7 endpoints take, and its
  // completion waits for their runs: both share these two.
  const tickets = new TicketSigner(authSecret);
  const runs = new MeasurementRuns();

  await app.register(healthRoutes, { prefix: '/v1' });
  await app.register(metricsRoutes);
  // The explorer's figures are public: no account, node or address is in them (decision 042).
  await app.register(explorerRoutes, { prefix: '/v1/explorer' });
  await app.register(openDataRoutes, { prefix: '/v1/open-data' });
  await app.register(cliRelayRoutes, { prefix: '/v1', runAdminCommand });
  await app.register(downloadRoutes, {
    prefix: '/downloads',
    extensionZipPath: options.extensionZipPath,
  });
  await app.register(ndt7Routes, {
    prefix: '/ndt/v7',
    tickets,
    runs,
    durationMs: options.ndt7DurationMs ?? config.NDT7_DURATION_S * 1000,
  });
  // The second factors (issue 29): auth's login asks this gate whether a code is needed and
  // for the challenge, and the second step ends in auth's login (auth does not import them).
  const twoFactor = twoFactorContextOf(app);
  // The account's deletion asks for the second factor when the authenticator app is on.
  const confirmSecondFactor = options.confirmSecondFactor ?? secondFactorCheckOf(twoFactor);

  await app.register(
    async (api) => {
      await api.register(publicConfigRoutes);
      await api.register(captchaRoutes);
      await api.register(authRoutes, {
        prefix: '/auth',
        secondFactor: secondFactorGate(twoFactor),
      });
      await api.register(twoFactorLoginRoutes, { prefix: '/auth', context: twoFactor });
      // An email change's links: public, their token is the proof (the rest of /account is signed in).
      await api.register(emailLinkRoutes, { prefix: '/account' });
      await api.register(passkeySignInRoutes, { prefix: '/auth' });
      await api.register(socialLoginRoutes);
      await api.register(nodeSessionRoutes);
      await api.register(
        signedInScope(async (signedIn) => {
          await signedIn.register(profileRoutes, { prefix: '/auth' });
          await signedIn.register(accountRoutes, { prefix: '/account' });
          await signedIn.register(twoFactorRoutes, { prefix: '/account', context: twoFactor });
          await signedIn.register(passkeyRoutes, { prefix: '/account' });
          await signedIn.register(claimRoutes);
          await signedIn.register(questRoutes);
          await signedIn.register(socialQuestRoutes);
          const { exportChunkRows } = options;
          // One count for both exports: a slot is an export, whichever list it reads.
          const exportSlots = new ExportSlots();
          await signedIn.register(speedtestRoutes, { tickets, runs, exportChunkRows, exportSlots });
          await signedIn.register(nodeRoutes);
          await signedIn.register(earningsRoutes, { exportChunkRows, exportSlots });
          await signedIn.register(accountDataRoutes, {
            confirmSecondFactor,
            exportSlots,
            exportChunkRows,
          });
          await signedIn.register(referralRoutes);
          await signedIn.register(notificationRoutes, {
            prefix: '/notifications',
            sessionIsLive: (user) => sessionStillLive(app, user),
          });
          await signedIn.register(pushRoutes, { prefix: '/push', vapidKeys });
          await signedIn.register(firstRunRoutes);
        }),
      );
      // Only for `npm run bench` (bench/api), which sets the flag; off by default.
      if (config.BENCH_BASELINE_ROUTE) await api.register(benchBaseline);
    },
    { prefix: '/v1/api' },
  );

  // The console's API: admins only (the CLI's relay above has its own door).
  await app.register(
    adminScope(
      async (admin) => {
        await admin.register(adminRoutes, {
          errorsPerHour: (now) =>
            app.metrics.errorsPerHour
              .hours(now)
              .map(({ hour, ...counts }) => ({ at: hour, ...counts })),
          jobQueue: () => app.jobs.overview(),
        });
        await admin.register(fraudSignalRoutes);
        await admin.register(jobRoutes, { adminOf, writeAudit });
      },
      { hasSecondFactor: config.ADMIN_REQUIRE_2FA ? hasSecondFactor : null },
    ),
    { prefix: '/v1/admin' },
  );

  await app.register(spa, { publicConfig: publicConfigOf(config), distDir: options.webDistDir });
  app.addHook('onClose', async () => {
    await app.mailer.close?.();
    await redis?.quit();
  });
  return app;
}
