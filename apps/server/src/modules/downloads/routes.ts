/**
 * GET /downloads/extension.zip: the validator extension as built by
 * `npm run build`, made for this server's PUBLIC_URL (extension-package.ts),
 * for the sidebar's Install button when no store page is set. The build is
 * looked up on every request, so one made while the server runs is offered at
 * once; without one the answer is a 404 envelope.
 */
import { readFile, stat } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { fileNamePart } from '../../lib/file-name.ts';
import { notFound } from '../../lib/http-error.ts';
import { EXTENSION_ZIP } from '../../paths.ts';
import { extensionZipForOrigin } from './extension-package.ts';

/** The download's file name: the product name as a slug, e.g. netpulse-validator.zip. */
export function extensionFileName(productName: string): string {
  const slug = fileNamePart(productName.toLowerCase());
  return `${slug || 'validator'}-validator.zip`;
}

/** Which build a made zip came from: a new build changes its time or size. */
const buildStamp = (file: { mtimeMs: number; size: number }) => `${file.mtimeMs}:${file.size}`;

async function builtZipStamp(path: string): Promise<string | null> {
  try {
    const file = await stat(path);
    return file.isFile() ? buildStamp(file) : null;
  } catch {
    return null;
  }
}

const downloadRoutes: FastifyPluginAsync<{ extensionZipPath?: string }> = async (app, options) => {
  const zipPath = options.extensionZipPath ?? EXTENSION_ZIP;
  const webOrigin = new URL(app.config.PUBLIC_URL).origin;
  // Made once per build rather than per download: unzipping and zipping again takes a while.
  let made: { stamp: string; zip: Promise<Uint8Array> } | null = null;

  app.get('/extension.zip', { schema: { hide: true } }, async (_request, reply) => {
    const stamp = await builtZipStamp(zipPath);
    if (!stamp) throw notFound(SERVER_MESSAGES.extensionNotBuilt);
    if (made?.stamp !== stamp) {
      const zip = readFile(zipPath).then((built) => extensionZipForOrigin(built, webOrigin));
      made = { stamp, zip };
      // A failure is answered, not kept: the next download tries again.
      zip.catch(() => {
        if (made?.zip === zip) made = null;
      });
    }
    const zip = await made!.zip;
    return reply
      .type('application/zip')
      .header('cache-control', 'no-cache')
      .header(
        'content-disposition',
        `attachment; filename="${extensionFileName(app.config.PRODUCT_NAME)}"`,
      )
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });
};

export default downloadRoutes;
