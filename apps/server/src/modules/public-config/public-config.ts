import type { PublicConfig } from '@netpulse/shared';
import type { Config } from '../../env.ts';
import {
  configuredPlatforms,
  isPlatformConfigured,
  isYoutubeApiConfigured,
} from '../../providers/social/configured-platforms.ts';

/** The settings the browser may see; nothing secret belongs here. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    productName: config.PRODUCT_NAME,
    captchaProvider: config.CAPTCHA_PROVIDER,
    captchaSiteKey: config.CAPTCHA_SITE_KEY ?? null,
    extensionId: config.EXTENSION_ID ?? null,
    extensionStoreUrl: config.EXTENSION_STORE_URL ?? null,
    adScriptUrl: config.AD_SCRIPT_URL ?? null,
    questPlatforms: configuredPlatforms(config),
    youtubeSignIn: isYoutubeApiConfigured(config),
    telegramBotUsername: isPlatformConfigured(config, 'telegram')
      ? (config.TELEGRAM_BOT_USERNAME ?? null)
      : null,
  };
}
