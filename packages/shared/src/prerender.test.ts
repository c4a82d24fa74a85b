import { describe, expect, it } from 'vitest';
import { fillPublicConfigPlaceholders, publicConfigPlaceholder } from './prerender.ts';
import type { PublicConfig } from './schemas/config.ts';

const config = {
  productName: 'Pulse & <Co>',
  captchaProvider: 'turnstile',
  captchaSiteKey: null,
} as PublicConfig;
const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

describe('fillPublicConfigPlaceholders', () => {
  it('puts each setting, escaped, where its placeholder is, as often as it appears', () => {
    const html = `<p aria-label="${publicConfigPlaceholder('productName')} home">${publicConfigPlaceholder('productName')}</p><div data-p="${publicConfigPlaceholder('captchaProvider')}"></div>`;
    expect(fillPublicConfigPlaceholders(html, config, escape)).toBe(
      '<p aria-label="Pulse &amp; &lt;Co> home">Pulse &amp; &lt;Co></p><div data-p="turnstile"></div>',
    );
  });

  it('leaves text that names no setting as it is, and a missing value empty', () => {
    expect(fillPublicConfigPlaceholders('__PUBLIC_CONFIG_nothing__', config, escape)).toBe(
      '__PUBLIC_CONFIG_nothing__',
    );
    expect(
      fillPublicConfigPlaceholders(publicConfigPlaceholder('captchaSiteKey'), config, escape),
    ).toBe('');
  });
});
