/**
 * Security headers and rate limiting (docs/ARCHITECTURE.md section 6). The CSP allows
 * only our origin plus the captcha, ad and Telegram origins that are configured.
 */
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../env.ts';
import type { Redis } from '../lib/redis.ts';
import { isPlatformConfigured } from '../providers/social/configured-platforms.ts';

const CAPTCHA_ORIGINS = {
  altcha: { script: [], frame: [], connect: [] },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
} as const;

/** The Telegram login widget: its script, and the frame it opens. */
const TELEGRAM_ORIGINS = {
  script: ['https://telegram.org'],
  frame: ['https://oauth.telegram.org'],
} as const;
const NO_ORIGINS = { script: [], frame: [] } as const;

const orNone = (origins: string[]) => (origins.length > 0 ? origins : ["'none'"]);

/** The Content-Security-Policy directives for this configuration. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const captcha = CAPTCHA_ORIGINS[config.CAPTCHA_PROVIDER];
  const adOrigin = config.AD_SCRIPT_URL ? [new URL(config.AD_SCRIPT_URL).origin] : [];
  const telegram = isPlatformConfigured(config, 'telegram') ? TELEGRAM_ORIGINS : NO_ORIGINS;
  return {
    defaultSrc: ["'self'"],
    // ALTCHA solves its proof of work with WebAssembly.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...captcha.script, ...adOrigin, ...telegram.script],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Profile pictures come from the social platforms' CDNs.
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", ...captcha.connect, ...adOrigin],
    // Nothing configured to frame: no frame at all ('none'), not an empty list.
    frameSrc: orNone([...captcha.frame, ...adOrigin, ...telegram.frame]),
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(config.PUBLIC_URL.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
  };
}

export default fp(
  async function security(app: FastifyInstance, options: { config: Config; redis: Redis | null }) {
    const { config, redis } = options;
    // helmet itself, built once: @fastify/helmet builds it again on every request
    // (parsing the CSP each time), a cost every answer paid (bench/RESULTS.md).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(config),
      },
      // Cross-origin isolation would block the captcha and ad frames.
      crossOriginEmbedderPolicy: false,
      // frame-ancestors is the one framing rule; X-Frame-Options would be a second.
      xFrameOptions: false,
      hsts: config.PUBLIC_URL.startsWith('https://'),
    });
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error as Error | undefined),
      );
    });
    await app.register(rateLimit, {
      global: false,
      // Each route opts in with `config.rateLimit`; see the auth and claim routes.
      ...(config.RATE_LIMIT_DISABLED ? { allowList: () => true } : {}),
      // With several servers the counts live in Redis, so a limit holds across them.
      // Should Redis fail, requests go through rather than every route failing.
      ...(redis ? { redis, nameSpace: 'netpulse:rate-limit:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        success: false,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'security' },
);
