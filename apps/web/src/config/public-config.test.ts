import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, readEmbeddedConfig, toPublicConfig } from './public-config';

const full = {
  productName: 'Acme',
  captchaProvider: 'turnstile',
  captchaSiteKey: 'site-key',
  extensionId: 'abc',
  extensionStoreUrl: 'https://store.example/abc',
  adScriptUrl: null,
  questPlatforms: { x: true, discord: false, telegram: true, youtube: true },
  youtubeSignIn: true,
  telegramBotUsername: 'acme_bot',
};

const fakeDocument = (text: string | null) => ({
  getElementById: () => (text === null ? null : ({ textContent: text } as HTMLElement)),
});

describe('public config', () => {
  it('keeps a complete config as it is', () => {
    expect(toPublicConfig(full)).toEqual(full);
  });

  it('falls back to defaults field by field', () => {
    const config = toPublicConfig({ productName: 'Acme', captchaProvider: 'recaptcha' });
    expect(config).toEqual({ ...DEFAULT_PUBLIC_CONFIG, productName: 'Acme' });
    expect(config.captchaProvider).toBe('altcha');
  });

  it('uses the defaults for anything that is not an object', () => {
    expect(toPublicConfig(undefined)).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(toPublicConfig('nope')).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(DEFAULT_PUBLIC_CONFIG.productName).toBe('Netpulse');
  });

  it('reads the embedded JSON and ignores a missing or broken element', () => {
    expect(readEmbeddedConfig(fakeDocument(JSON.stringify(full)))).toEqual(full);
    expect(readEmbeddedConfig(fakeDocument(null))).toBeUndefined();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readEmbeddedConfig(fakeDocument('{oops'))).toBeUndefined();
  });
});
