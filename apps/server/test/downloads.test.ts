/** GET /downloads/extension.zip: the Install button's fallback when no store page is set. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { extensionFileName } from '../src/modules/downloads/routes.ts';
import { createTestApp, useTestApp } from './helpers/test-app.ts';

const t = useTestApp();
const fixtureDir = mkdtempSync(join(tmpdir(), 'netpulse-zip-'));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

/** A manifest as apps/extension builds it by default, for the address `npm start` serves. */
const BUILT_MANIFEST = {
  manifest_version: 3,
  name: 'Netpulse Validator',
  version: '1.0.0',
  key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
  background: { service_worker: 'background.js', type: 'module' },
  host_permissions: ['http://127.0.0.1:8080/*'],
  externally_connectable: { matches: ['http://127.0.0.1:8080/*'] },
};
const BUILT_FILES = {
  'manifest.json': JSON.stringify(BUILT_MANIFEST),
  'background.js': 'console.log("the worker")',
  'assets/popup.js': 'console.log("the popup")',
};

function builtZip(manifestChanges: Record<string, unknown> = {}): Uint8Array {
  const files = {
    ...BUILT_FILES,
    'manifest.json': JSON.stringify({ ...BUILT_MANIFEST, ...manifestChanges }),
  };
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  );
}

describe('GET /downloads/extension.zip', () => {
  it('is a 404 envelope saying how to build it when the extension is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: SERVER_MESSAGES.extensionNotBuilt });
  });

  it('sends the built zip as an attachment named after the product', async () => {
    const zipPath = join(fixtureDir, 'named.zip');
    writeFileSync(zipPath, builtZip());
    const app = await createTestApp({
      extensionZipPath: zipPath,
      env: { PRODUCT_NAME: 'Net Pulse!' },
    });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="net-pulse-validator.zip"',
      );
      expect(Object.keys(unzipSync(response.rawPayload))).toEqual(Object.keys(BUILT_FILES));
    } finally {
      await app.close();
    }
  });

  it("is made for this server's PUBLIC_URL, whatever origin the build named", async () => {
    const zipPath = join(fixtureDir, 'for-public-url.zip');
    writeFileSync(zipPath, builtZip());
    const app = await createTestApp({
      extensionZipPath: zipPath,
      env: { PUBLIC_URL: 'http://127.0.0.1:8400/' },
    });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
      expect(response.statusCode).toBe(200);
      const files = unzipSync(response.rawPayload);
      const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, unknown>;
      expect(manifest).toEqual({
        ...BUILT_MANIFEST,
        host_permissions: ['http://127.0.0.1:8400/*'],
        externally_connectable: { matches: ['http://127.0.0.1:8400/*'] },
      });
      // The key (so the id) and every other file are the build's.
      expect(strFromU8(files['background.js']!)).toBe(BUILT_FILES['background.js']);

      // A new build replaces the old at once, made for this server as well.
      writeFileSync(zipPath, builtZip({ version: '1.0.1' }));
      const rebuilt = await app.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
      const next = JSON.parse(strFromU8(unzipSync(rebuilt.rawPayload)['manifest.json']!)) as {
        version: string;
        host_permissions: string[];
      };
      expect(next).toMatchObject({
        version: '1.0.1',
        host_permissions: ['http://127.0.0.1:8400/*'],
      });
    } finally {
      await app.close();
    }
  });
});

describe('extensionFileName', () => {
  it('makes a safe file name of any product name', () => {
    expect(extensionFileName('Netpulse')).toBe('netpulse-validator.zip');
    expect(extensionFileName('"; rm -rf /')).toBe('rm-rf-validator.zip');
    expect(extensionFileName('✓✓')).toBe('validator-validator.zip');
  });
});
