/** GET /downloads/extension.zip: the Install button's fallback when no store page is set. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { extensionFileName } from '../src/modules/downloads/routes.ts';
import { createTestApp, useTestApp } from './helpers/test-app.ts';

const t = useTestApp();
const fixtureDir = mkdtempSync(join(tmpdir(), 'netpulse-zip-'));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

describe('GET /downloads/extension.zip', () => {
  it('is a 404 envelope saying how to build it when the extension is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: SERVER_MESSAGES.extensionNotBuilt });
  });

  it('sends the built zip as an attachment named after the product', async () => {
    const zipPath = join(fixtureDir, 'extension.zip');
    const bytes = Buffer.from('PK\u0003\u0004 not really a zip');
    writeFileSync(zipPath, bytes);
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
      expect(response.rawPayload.equals(bytes)).toBe(true);
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
