import { describe, expect, it, vi } from 'vitest';
import { publicConfigSchema } from '@netpulse/shared';
import {
  DEFAULT_PUBLIC_CONFIG,
  PUBLIC_CONFIG_FIELDS,
  readEmbeddedConfig,
  toPublicConfig,
} from './public-config';

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

  it('checks each field as the shared schema does', () => {
    const samples: unknown[] = [
      ...Object.values(full),
      ...Object.values(DEFAULT_PUBLIC_CONFIG),
      undefined,
      null,
      0,
      1,
      '',
      'altcha',
      'hcaptcha',
      'recaptcha',
      true,
      false,
      [],
      {},
      { x: true, discord: true, telegram: true },
      { x: true, discord: true, telegram: true, youtube: 'yes' },
      { x: false, discord: true, telegram: false, youtube: true, extra: 1 },
      ['x', 'discord'],
    ];
    for (const [key, field] of Object.entries(publicConfigSchema.shape)) {
      const parse = PUBLIC_CONFIG_FIELDS[key as keyof typeof PUBLIC_CONFIG_FIELDS];
      for (const sample of samples) {
        const expected = field.safeParse(sample);
        expect(parse(sample), `${key} of ${JSON.stringify(sample)}`).toEqual(
          expected.success ? { value: expected.data } : undefined,
        );
      }
    }
    expect(Object.keys(PUBLIC_CONFIG_FIELDS).sort()).toEqual(
      Object.keys(publicConfigSchema.shape).sort(),
    );
  });
});
