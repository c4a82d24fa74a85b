/**
 * Serves the built web app from the same origin: hashed assets with a long cache,
 * and index.html (with the public settings embedded) for every other page path,
 * so the browser router handles deep links. Unknown API paths get the envelope.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MESSAGES, type PublicConfig } from '@netpulse/shared';
import { WEB_DIST } from '../paths.ts';

const API_PREFIXES = ['/v1/', '/ndt/', '/docs', '/downloads/'];

/** index.html with the settings as a JSON block; `<` is escaped so no value can close the tag. */
export function renderIndexHtml(template: string, publicConfig: PublicConfig): string {
  const json = JSON.stringify(publicConfig).replaceAll('<', '\\u003c');
  const escapedName = publicConfig.productName.replace(
    /[&<>"]/g,
    (c: string) => `&#${c.charCodeAt(0)};`,
  );
  return template
    .replace(
      '<!--app-config-->',
      `<script type="application/json" id="app-config">${json}</script>`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedName}</title>`);
}

export default fp(
  async function spa(
    app: FastifyInstance,
    options: { publicConfig: PublicConfig; distDir?: string },
  ) {
    const distDir = options.distDir ?? WEB_DIST;
    const indexPath = join(distDir, 'index.html');
    const indexHtml = existsSync(indexPath)
      ? renderIndexHtml(readFileSync(indexPath, 'utf8'), options.publicConfig)
      : null;

    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: distDir,
        index: false,
        wildcard: false,
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${join(distDir, 'assets')}`);
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(
        'The web app is not built (apps/web/dist); run npm run build. Serving the API only.',
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        request.method === 'GET' && !API_PREFIXES.some((prefix) => path.startsWith(prefix));
      if (isPage && indexHtml) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(indexHtml);
      }
      return reply.status(404).send({ success: false, message: SERVER_MESSAGES.notFound });
    });
  },
  { name: 'spa' },
);
