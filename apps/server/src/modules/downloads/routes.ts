/**
 * GET /downloads/extension.zip: the validator extension as built by
 * `npm run build`, for the sidebar's Install button when no store page is set.
 * The file is looked up on every request, so a build made while the server
 * runs is offered at once; without one the answer is a 404 envelope.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { notFound } from '../../lib/http-error.ts';
import { EXTENSION_ZIP } from '../../paths.ts';

/** The download's file name: the product name as a slug, e.g. netpulse-validator.zip. */
export function extensionFileName(productName: string): string {
  const slug = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'validator'}-validator.zip`;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const downloadRoutes: FastifyPluginAsync<{ extensionZipPath?: string }> = async (app, options) => {
  const zipPath = options.extensionZipPath ?? EXTENSION_ZIP;

  app.get('/extension.zip', { schema: { hide: true } }, async (_request, reply) => {
    if (!(await isFile(zipPath))) throw notFound(SERVER_MESSAGES.extensionNotBuilt);
    return reply
      .type('application/zip')
      .header('cache-control', 'no-cache')
      .header(
        'content-disposition',
        `attachment; filename="${extensionFileName(app.config.PRODUCT_NAME)}"`,
      )
      .send(createReadStream(zipPath));
  });
};

export default downloadRoutes;
