import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBuildSettings, parseWebOrigin } from './build-settings.ts';
import { extensionIdOf } from './extension-id.ts';
import { manifestLocales } from './locales.ts';
import { buildManifest } from './manifest.ts';

const devKey = JSON.parse(readFileSync(new URL('../dev-key.json', import.meta.url), 'utf8')) as {
  publicKey: string;
  extensionId: string;
};

describe('the development key', () => {
  it('gives the documented fixed id', () => {
    expect(devKey.extensionId).toMatch(/^[a-p]{32}$/);
    expect(extensionIdOf(devKey.publicKey)).toBe(devKey.extensionId);
  });

  it('is a public key only: no private key is committed', () => {
    expect(readFileSync(new URL('../dev-key.json', import.meta.url), 'utf8')).not.toMatch(
      /PRIVATE/i,
    );
  });
});

describe('extensionIdOf', () => {
  it('maps the first 128 bits of the key hash to the letters a-p', () => {
    // sha256 of the empty input starts e3b0c44298fc1c149afbf4c8996fb924.
    expect(extensionIdOf('')).toBe('odlameecjipmbmbejkplpemijjgpljce');
  });
});

describe('build settings', () => {
  it('default to the address npm start serves, the dev key, and dist/', () => {
    expect(parseBuildSettings({}, '/repo/apps/extension')).toEqual({
      webOrigin: 'http://127.0.0.1:8080',
      pinDevKey: true,
      unpackedDir: '/repo/apps/extension/dist/unpacked',
      zipPath: '/repo/apps/extension/dist/extension.zip',
    });
  });

  it('take the web origin, a store build and an output folder from the environment', () => {
    expect(
      parseBuildSettings(
        {
          EXTENSION_WEB_ORIGIN: 'https://app.example.com/',
          EXTENSION_STORE_BUILD: 'true',
          EXTENSION_OUT_DIR: '/tmp/out',
        },
        '/repo/apps/extension',
      ),
    ).toEqual({
      webOrigin: 'https://app.example.com',
      pinDevKey: false,
      unpackedDir: '/tmp/out/unpacked',
      zipPath: '/tmp/out/extension.zip',
    });
  });

  it.each(['app.example.com', 'ftp://example.com', 'https://example.com/app', 'https://a:b@x.com'])(
    'refuse %s as a web origin',
    (text) => {
      expect(() => parseWebOrigin(text)).toThrow(/EXTENSION_WEB_ORIGIN/);
    },
  );

  it('keep a port', () => {
    expect(parseWebOrigin('http://127.0.0.1:8181')).toBe('http://127.0.0.1:8181');
  });
});

const input = {
  productName: 'Netpulse',
  version: '1.2.3',
  webOrigin: 'http://127.0.0.1:8181',
  publicKey: devKey.publicKey,
};

describe('buildManifest', () => {
  it('admits only the web origin to message the extension and to be fetched', () => {
    const manifest = buildManifest(input);
    expect(manifest.externally_connectable).toEqual({ matches: ['http://127.0.0.1:8181/*'] });
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1:8181/*']);
  });

  it('is Manifest V3 with a module service worker, the popup and the permissions it uses', () => {
    expect(buildManifest(input)).toMatchObject({
      manifest_version: 3,
      name: '__MSG_extensionName__',
      description: '__MSG_extensionDescription__',
      default_locale: 'en',
      version: '1.2.3',
      key: devKey.publicKey,
      background: { service_worker: 'background.js', type: 'module' },
      action: { default_popup: 'popup.html' },
      permissions: ['storage', 'alarms', 'offscreen', 'geolocation', 'notifications'],
    });
  });

  it('leaves the key out of a store build', () => {
    expect(buildManifest({ ...input, publicKey: null })).not.toHaveProperty('key');
  });
});

describe('the manifest in every language (_locales)', () => {
  const locales = manifestLocales('Netpulse');

  it('names the extension in English by default, the product name filled in', () => {
    expect(locales.en).toEqual({
      extensionName: { message: 'Netpulse Validator' },
      extensionDescription: {
        message: 'Contributes network speed tests to Netpulse and earns Bytes while you browse.',
      },
    });
  });

  it('has a folder per offered language, in Chrome’s spelling, within Chrome’s lengths', () => {
    expect(Object.keys(locales).sort()).toEqual(
      ['ar', 'en', 'es', 'pt_BR', 'ru', 'tr', 'vi', 'zh_CN'].sort(),
    );
    for (const [folder, messages] of Object.entries(locales)) {
      expect(messages.extensionName!.message, folder).toContain('Netpulse');
      expect(messages.extensionName!.message.length, folder).toBeLessThanOrEqual(45);
      expect(messages.extensionDescription!.message.length, folder).toBeLessThanOrEqual(132);
    }
  });
});

describe('the icons', () => {
  /** A PNG's width and height, from its IHDR chunk (bytes 16 to 23). */
  function pngSize(bytes: Buffer): [number, number] {
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  }

  it('are named at 16, 32, 48 and 128 px for the extensions page and the toolbar', () => {
    const manifest = buildManifest({ ...input, publicKey: null });
    const icons = {
      '16': 'icons/icon-16.png',
      '32': 'icons/icon-32.png',
      '48': 'icons/icon-48.png',
      '128': 'icons/icon-128.png',
    };
    expect(manifest.icons).toEqual(icons);
    expect(manifest.action?.default_icon).toEqual(icons);
  });

  it('are committed PNGs of exactly those sizes', () => {
    for (const [size, file] of Object.entries(buildManifest(input).icons ?? {})) {
      const bytes = readFileSync(new URL(`../${file}`, import.meta.url));
      expect(pngSize(bytes), file).toEqual([Number(size), Number(size)]);
    }
  });
});
