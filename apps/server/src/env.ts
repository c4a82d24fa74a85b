/**
 * The only reader of process.env (docs/ARCHITECTURE.md section 3). Every setting is
 * optional; a wrong one stops the start with a message naming the variable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { captchaProviders, DEFAULT_NODE_LIMIT, DEFAULT_PRODUCT_NAME } from '@netpulse/shared';
import { EXTENSION_DEV_KEY } from './paths.ts';
import { parseTrustedProxies } from './lib/trusted-proxies.ts';

const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : text))
  .optional();
const optionalUrl = optionalText.pipe(
  z.url({ error: 'must be a full URL such as https://example.com' }).optional(),
);
/** A URL setting that falls back to `fallback` when unset or empty. */
const urlOr = (fallback: string) => optionalUrl.transform((url) => url ?? fallback);
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((text) => text === 'true' || text === '1' || text === 'yes');
/** A flag that is on unless set off (`false`, `0`, `no`); empty is unset. */
const flagOnByDefault = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], {
    error: 'must be true or false (also 1/0, yes/no)',
  })
  .optional()
  .transform((text) => !(text === 'false' || text === '0' || text === 'no'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PRODUCT_NAME: optionalText.default(DEFAULT_PRODUCT_NAME),
  PORT: port.default(8080),
  HOST: optionalText.default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  CAPTCHA_PROVIDER: z.enum(captchaProviders).default('altcha'),
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_SECRET: optionalText,
  /** Where turnstile/hcaptcha answers are checked; tests point it at a local stand-in. */
  CAPTCHA_VERIFY_URL: optionalUrl,
  /**
   * ALTCHA proof-of-work difficulty: the largest number the browser may have to try
   * (half of it on average). 100000 costs a mid-range phone about a second, in the
   * widget's worker; figures in the README (bench/captcha/altcha-solve.ts).
   */
  ALTCHA_MAX_NUMBER: positiveInt.default(100_000),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * The bearer token GET /metrics asks of a scraper outside this machine; loopback
   * needs none. Unset, only loopback reads the metrics.
   */
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters (a long random string)').optional(),
  ),
  /** Whose X-Forwarded-For to believe: false, a hop count, or the proxies' addresses. */
  TRUST_PROXY: optionalText.transform((text, context) => {
    const parsed = parseTrustedProxies(text);
    if ('value' in parsed) return parsed.value;
    context.issues.push({ code: 'custom', message: parsed.error, input: text });
    return z.NEVER;
  }),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  SPEEDTEST_DAILY_LIMIT: positiveInt.default(4),
  /**
   * How long, in ms, a group of hot writes (daily claims) stays open for more
   * requests while another group is being written; 0 groups only the requests of
   * one event-loop turn. A request that finds the database idle never waits
   * (docs/decisions/020).
   */
  WRITE_GROUP_WINDOW_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 0 to 5' })
    .int({ error: 'must be a whole number of milliseconds from 0 to 5' })
    .min(0, { error: 'must be a whole number of milliseconds from 0 to 5' })
    .max(5, { error: 'must be a whole number of milliseconds from 0 to 5' })
    .default(0),
  /**
   * How often, in ms, an idle job worker looks for due jobs (docs/decisions/038). A job
   * queued on this server wakes its workers at once; the poll is how jobs queued by
   * another server sharing the database, retries and scheduled work are found.
   */
  JOBS_POLL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 10 to 60000' })
    .int({ error: 'must be a whole number of milliseconds from 10 to 60000' })
    .min(10, { error: 'must be a whole number of milliseconds from 10 to 60000' })
    .max(60_000, { error: 'must be a whole number of milliseconds from 10 to 60000' })
    .default(1_000),
  /**
   * How long, in ms, a claimed job is held (renewed while its handler runs): a job whose
   * server died is taken by another once it runs out. Shorter finds a dead server's work
   * sooner; it must stay well above a handler's pause between renewals (a third of it).
   */
  JOBS_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .int({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .min(1_000, { error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .max(3_600_000, { error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .default(60_000),
  /**
   * Days a done job is kept before the hourly pruning deletes it; failed and dropped jobs
   * stay for the operator. A delivery key is refused again only while its job is kept.
   */
  JOBS_KEEP_DONE_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 365' })
    .int({ error: 'must be a whole number of days from 1 to 365' })
    .min(1, { error: 'must be a whole number of days from 1 to 365' })
    .max(365, { error: 'must be a whole number of days from 1 to 365' })
    .default(7),
  SPEEDTEST_MIN_INTERVAL_S: z.coerce.number().int().min(0).default(600),
  /**
   * Minutes a node goes without a heartbeat or a test before its owner is told it went
   * quiet (issue 30); at most once per node per 6 hours.
   */
  NODE_OFFLINE_AFTER_MIN: z.coerce
    .number({ error: 'must be a whole number of minutes from 1 to 1440' })
    .int({ error: 'must be a whole number of minutes from 1 to 1440' })
    .min(1, { error: 'must be a whole number of minutes from 1 to 1440' })
    .max(1440, { error: 'must be a whole number of minutes from 1 to 1440' })
    .default(30),
  /**
   * Hours before midnight UTC at which an account that has not made the day's claim is
   * reminded, its streak named (issue 30).
   */
  CLAIM_REMINDER_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours from 1 to 23' })
    .int({ error: 'must be a whole number of hours from 1 to 23' })
    .min(1, { error: 'must be a whole number of hours from 1 to 23' })
    .max(23, { error: 'must be a whole number of hours from 1 to 23' })
    .default(3),
  /**
   * The fewest distinct accounts a place (an H3 cell, a country) needs in a period before the
   * explorer publishes its figures (docs/decisions/042); the whole network is always published.
   */
  EXPLORER_MIN_ACCOUNTS: z.coerce
    .number({ error: 'must be a whole number of accounts from 2 to 1000, such as 5' })
    .int({ error: 'must be a whole number of accounts from 2 to 1000, such as 5' })
    .min(2, { error: 'must be at least 2: a place of one account would publish that account' })
    .max(1000, { error: 'must be a whole number of accounts from 2 to 1000, such as 5' })
    .default(5),
  /** The licence the explorer's open data is published under, named in its index and files. */
  OPEN_DATA_LICENSE: z
    .string()
    .trim()
    .min(1, { error: 'must name a licence, such as CC BY 4.0' })
    .max(100, { error: 'must name a licence in at most 100 characters' })
    .default('CC BY 4.0'),
  /** The most live nodes (extension installations and browsers that ran a test) an account has. */
  NODE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of nodes, such as 5' })
    .int({ error: 'must be a whole number of nodes, such as 5' })
    .min(1, { error: 'must be at least 1: an account needs a node to run tests' })
    .default(DEFAULT_NODE_LIMIT),
  /**
   * The server link's measured capacity in Mbit/s (run a speed test against
   * the server from a well-connected host and round up): the server measures
   * every test itself, so a test faster than its own link is implausible and
   * the console's fraud signals list it (docs/decisions/023).
   */
  LINK_CEILING_MBPS: z.coerce
    .number({ error: 'must be the link capacity in Mbit/s, such as 1000' })
    .positive({ error: 'must be the link capacity in Mbit/s, such as 1000' })
    .max(1_000_000, { error: 'must be at most 1000000 Mbit/s (1 Tbit/s)' })
    .default(1000),
  /** Seconds each ndt7 direction runs; ndt7 allows up to 10, shorter suits tests and slow links. */
  NDT7_DURATION_S: z.coerce.number().int().min(1).max(10).default(10),
  EXTENSION_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-p]{32}$/, 'must be a 32-letter extension id (a-p)')
      .optional(),
  ),
  EXTENSION_STORE_URL: optionalUrl,
  AD_SCRIPT_URL: optionalUrl,
  /** Where the social quests send people (GET /v1/api/constants); placeholders until set. */
  DISCORD_JOIN_INVITE_URL: urlOr('https://discord.gg/netpulse'),
  TWITTER_JOIN_INVITE_URL: urlOr('https://x.com/netpulse'),
  TELEGRAM_JOIN_INVITE_URL: urlOr('https://t.me/netpulse'),
  TWITTER_FOUNDER_INVITE_URL: urlOr('https://x.com/netpulse_founder'),
  TWITTER_RETWEET_VL_URL: urlOr('https://x.com/netpulse/status/1'),
  YOUTUBE_SUBSCRIBE_URL: urlOr('https://www.youtube.com/@netpulse?sub_confirmation=1'),
  /**
   * The social quests' platforms (docs/ARCHITECTURE.md section 5). A platform without
   * its credentials answers 503 and the screen shows its quests as unavailable.
   * The *_API_URL settings let tests point the adapters at local stand-ins.
   * Whom to follow and which tweet to retweet come from the TWITTER_* URLs above.
   */
  X_CONSUMER_KEY: optionalText,
  X_CONSUMER_SECRET: optionalText,
  X_API_URL: urlOr('https://api.twitter.com'),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_GUILD_ID: optionalText,
  DISCORD_API_URL: urlOr('https://discord.com/api/v10'),
  DISCORD_AUTHORIZE_URL: urlOr('https://discord.com/oauth2/authorize'),
  TELEGRAM_BOT_TOKEN: optionalText,
  /** The bot the login widget names (without @). */
  TELEGRAM_BOT_USERNAME: optionalText,
  /** The group or channel of the join quest: its numeric id or @name. */
  TELEGRAM_CHAT_ID: optionalText,
  TELEGRAM_API_URL: urlOr('https://api.telegram.org'),
  /**
   * A Google OAuth client and our channel: set all three and the subscribe quest
   * is checked with the YouTube Data API; unset, an operator reviews each request.
   */
  YOUTUBE_CLIENT_ID: optionalText,
  YOUTUBE_CLIENT_SECRET: optionalText,
  YOUTUBE_CHANNEL_ID: optionalText,
  YOUTUBE_API_URL: urlOr('https://www.googleapis.com/youtube/v3'),
  GOOGLE_AUTHORIZE_URL: urlOr('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: urlOr('https://oauth2.googleapis.com/token'),
  /**
   * The console's API refuses (403) an admin whose account has no second factor (an
   * authenticator app or a passkey), telling them to add one; the CLI is not asked.
   */
  ADMIN_REQUIRE_2FA: flagOnByDefault,
  /**
   * The Web Push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints it:
   * both or neither. Unset, the pair is derived from the auth secret (docs/decisions/039),
   * so servers sharing AUTH_SECRET sign alike and a backup restores it.
   */
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, 87 base64url characters')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 43 base64url characters')
      .optional(),
  ),
  /** Who push services may contact about our pushes; by default MAIL_FROM's address or PUBLIC_URL. */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  /** How long a name quest's name must stay before the check verifies it (24 h). */
  NAME_QUEST_KEEP_S: positiveInt.default(24 * 3600),
  /** Rate limits can be loosened for local load tests; never in production. */
  RATE_LIMIT_DISABLED: flag,
  /** Adds GET /v1/api/bench/baseline, the constant route `npm run bench` compares with. */
  BENCH_BASELINE_ROUTE: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'PUBLIC_URL'> {
  /** Absolute data directory. */
  DATA_DIR: string;
  /** The address people reach the app at, without a trailing slash. */
  PUBLIC_URL: string;
}

export class ConfigError extends Error {}

/** Parses a set of environment variables into the server's settings. */
export function parseEnv(source: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.CAPTCHA_PROVIDER !== 'altcha' && (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET)) {
    throw new ConfigError(
      `Invalid configuration:\n  CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET`,
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither',
    );
  }
  const publicUrl = env.PUBLIC_URL ?? `http://${hostForUrl(env.HOST)}:${env.PORT}`;
  return { ...env, DATA_DIR: resolve(env.DATA_DIR), PUBLIC_URL: publicUrl.replace(/\/+$/, '') };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Without EXTENSION_ID and EXTENSION_STORE_URL the extension people install is
 * this server's download, whose id the committed development key fixes: the web
 * app then hands its login to that id, with nothing to configure.
 */
export function withDownloadExtensionId(config: Config, downloadId: string | undefined): Config {
  if (config.EXTENSION_ID || config.EXTENSION_STORE_URL || !downloadId) return config;
  return { ...config, EXTENSION_ID: downloadId };
}

/** The id apps/extension/dev-key.json pins, when the extension's sources are beside the server. */
function downloadExtensionId(): string | undefined {
  try {
    return (JSON.parse(readFileSync(EXTENSION_DEV_KEY, 'utf8')) as { extensionId?: string })
      .extensionId;
  } catch {
    return undefined;
  }
}

/** Reads `.env` in the working directory when present, then process.env. */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return withDownloadExtensionId(parseEnv(process.env), downloadExtensionId());
}
