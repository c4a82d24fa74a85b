import { describe, expect, it } from 'vitest';
import {
  EXTENSION_DOWNLOAD_PATH,
  extensionInstallUrl,
  fillShownSettings,
  shownSettingPlaceholder,
} from './prerender.ts';
import type { PublicConfig } from './schemas/config.ts';

const config = {
  productName: 'Pulse & <Co>',
  captchaProvider: 'turnstile',
  extensionStoreUrl: null,
} as PublicConfig;
const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

describe('fillShownSettings', () => {
  it('puts each setting as shown, escaped, where its placeholder is, as often as it appears', () => {
    const name = shownSettingPlaceholder('productName');
    const html = `<a href="${shownSettingPlaceholder('extensionInstallUrl')}" aria-label="${name} home">${name}</a><div data-p="${shownSettingPlaceholder('captchaProvider')}"></div>`;
    expect(fillShownSettings(html, config, escape)).toBe(
      `<a href="${EXTENSION_DOWNLOAD_PATH}" aria-label="Pulse &amp; &lt;Co> home">Pulse &amp; &lt;Co></a><div data-p="turnstile"></div>`,
    );
  });

  it('leaves text that names no shown setting as it is', () => {
    expect(fillShownSettings('__SHOWN_SETTING_nothing__', config, escape)).toBe(
      '__SHOWN_SETTING_nothing__',
    );
  });
});

describe('extensionInstallUrl', () => {
  it('is the store page when configured, else the zip the server serves', () => {
    expect(extensionInstallUrl({ extensionStoreUrl: 'https://store.example/x' })).toBe(
      'https://store.example/x',
    );
    expect(extensionInstallUrl({ extensionStoreUrl: null })).toBe(EXTENSION_DOWNLOAD_PATH);
  });
});
