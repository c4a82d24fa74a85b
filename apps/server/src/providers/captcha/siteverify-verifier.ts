import type { CaptchaVerifier } from './captcha.ts';

/** Where each hosted provider checks answers when CAPTCHA_VERIFY_URL does not say otherwise. */
export const OFFICIAL_SITEVERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

const TIMEOUT_MS = 5_000;

/**
 * Turnstile and hCaptcha share one protocol: POST the secret, the widget's
 * response and the client's IP, form-encoded; the answer's `success` says it.
 * Anything but `success: true` (an error, a timeout, an odd answer) is a failure.
 */
export function createSiteverifyVerifier(options: {
  url: string;
  secret: string;
}): CaptchaVerifier {
  return {
    async verify(captchaResponse, remoteIp) {
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            secret: options.secret,
            response: captchaResponse,
            remoteip: remoteIp,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false;
      }
    },
  };
}
