import { z } from 'zod';

export const captchaProviders = ['altcha', 'turnstile', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/**
 * The public settings the server embeds in index.html (a JSON script block, so the
 * CSP needs no inline-script exception). Never holds a secret.
 */
export const publicConfigSchema = z.object({
  productName: z.string(),
  captchaProvider: z.enum(captchaProviders),
  captchaSiteKey: z.string().nullable(),
  extensionId: z.string().nullable(),
  extensionStoreUrl: z.string().nullable(),
  adScriptUrl: z.string().nullable(),
  /** Which social platforms' quests this server can verify; the others show as unavailable. */
  questPlatforms: z.object({
    x: z.boolean(),
    discord: z.boolean(),
    telegram: z.boolean(),
    youtube: z.boolean(),
  }),
  /**
   * True when the server checks YouTube subscriptions with the YouTube Data API: Verify
   * then signs in with Google first. False: an operator reviews each request.
   */
  youtubeSignIn: z.boolean(),
  /** The bot the Telegram login widget names; null when Telegram is not configured. */
  telegramBotUsername: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
