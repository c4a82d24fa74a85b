/**
 * Builds the Manifest V3 extension: the background service worker (one ES
 * module), the popup and the offscreen document (for geolocation), plus
 * manifest.json, into dist/unpacked, and zips it to dist/extension.zip.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { registeredTexts } from '@netpulse/i18n';
import { DEFAULT_PRODUCT_NAME } from '@netpulse/shared';
import { webFont } from '@netpulse/design/web-font-plugin';
import { parseBuildSettings } from './build/build-settings.ts';
import { catalogSubset } from './build/catalog-subset-plugin.ts';
import { extensionPackage } from './build/extension-package-plugin.ts';
import { SERVER_ANSWER_TEXTS } from './src/lib/server-answers.ts';
import { ENTRY_FILES } from './build/manifest.ts';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
const settings = parseBuildSettings(process.env, packageDir);
const { version } = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
  version: string;
};
const devKey = JSON.parse(readFileSync(`${packageDir}dev-key.json`, 'utf8')) as {
  publicKey: string;
};

export default defineConfig({
  root: `${packageDir}src`,
  base: './',
  publicDir: false,
  build: {
    outDir: settings.unpackedDir,
    emptyOutDir: true,
    target: 'chrome116',
    // The polyfill would add a script the extension's CSP has no need for.
    modulePreload: false,
    rolldownOptions: {
      input: {
        background: `${packageDir}src/background/index.ts`,
        popup: `${packageDir}src/popup.html`,
        offscreen: `${packageDir}src/offscreen.html`,
      },
      output: {
        // The manifest names the service worker, so its file name carries no hash.
        entryFileNames: (chunk) =>
          chunk.name === 'background' ? ENTRY_FILES.background : 'assets/[name]-[hash].js',
      },
    },
  },
  resolve: {
    alias: {
      // The catalogs come compiled to syntax trees (`npm run i18n:compile`): no ICU parser ships.
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
  },
  plugins: [
    // Each language's catalog chunk holds the popup's texts and the server's answers it shows.
    catalogSubset(
      (id) =>
        id.startsWith('extension.') || SERVER_ANSWER_TEXTS.has(registeredTexts().get(id) ?? ''),
    ),
    // The dashboard's font, subset to what the popup shows, for the popup alone; the
    // translations' letters in faces fetched only when the popup shows them.
    webFont({
      sourceDirs: [`${packageDir}src`],
      catalogDirs: [`${packageDir}../../packages/i18n/catalogs`],
      pages: ['popup.html'],
    }),
    extensionPackage(
      settings,
      {
        productName: DEFAULT_PRODUCT_NAME,
        version,
        publicKey: settings.pinDevKey ? devKey.publicKey : null,
      },
      packageDir,
    ),
  ],
});
