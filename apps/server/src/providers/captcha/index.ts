import type { Config } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { createAltchaVerifier } from './altcha-verifier.ts';
import { createSiteverifyVerifier, OFFICIAL_SITEVERIFY_URLS } from './siteverify-verifier.ts';
import { InMemoryUsedPayloadStore } from './used-payload-store.ts';

/** The verifier of CAPTCHA_PROVIDER: ALTCHA (self-hosted, the default), Turnstile or hCaptcha. */
export function createCaptchaVerifier(
  config: Config,
  dependencies: { authSecret: Uint8Array; clock: Clock },
): CaptchaVerifier {
  const provider = config.CAPTCHA_PROVIDER;
  if (provider === 'altcha') {
    return createAltchaVerifier({
      maxNumber: config.ALTCHA_MAX_NUMBER,
      authSecret: dependencies.authSecret,
      clock: dependencies.clock,
      usedPayloads: new InMemoryUsedPayloadStore(dependencies.clock),
    });
  }
  return createSiteverifyVerifier({
    url: config.CAPTCHA_VERIFY_URL ?? OFFICIAL_SITEVERIFY_URLS[provider],
    // env.ts refuses to start a hosted provider without its secret.
    secret: config.CAPTCHA_SECRET ?? '',
  });
}
