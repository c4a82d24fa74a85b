import type { AltchaChallenge } from '@netpulse/shared';

/** Checks a captcha answer server-side; the provider is chosen by CAPTCHA_PROVIDER. */
export interface CaptchaVerifier {
  /** ALTCHA only: a fresh challenge for the widget. */
  createChallenge?(): Promise<AltchaChallenge>;
  /** True when the answer is genuine, unexpired and not used before. */
  verify(captchaResponse: string, remoteIp: string): Promise<boolean>;
}
