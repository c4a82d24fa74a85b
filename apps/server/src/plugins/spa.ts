/**
 * Serves the built web app from the same origin: hashed assets with a long cache,
 * the prerendered pages (dist/prerendered/<page>.html, e.g. /login) for their
 * paths, and index.html for every other page path, so the browser router handles
 * deep links; each with the public settings embedded. Unknown API paths get the
 * envelope. The build's files go as its Brotli or gzip copies
 * (apps/web/precompress-plugin.ts); the pages, filled in here, are compressed once each
 * (lib/compressed-body.ts, docs/decisions/049).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE } from '@netpulse/i18n';
import {
  fillShownSettings,
  parsePrerenderedFileName,
  SERVER_MESSAGES,
  type PublicConfig,
} from '@netpulse/shared';
import { requestedLocale } from '../lib/request-locale.ts';
import { countAs, ROUTE_LABELS } from '../lib/route-label.ts';
import { CompressibleBody, sendCompressed } from '../lib/compressed-body.ts';
import { WEB_DIST } from '../paths.ts';

const API_PREFIXES = ['/v1/', '/ndt/', '/docs', '/downloads/'];
/** Where the web build puts its prerendered pages, one `<page>.<locale>.html` per path and language. */
const PRERENDERED_DIR = 'prerendered';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page of the web build with the settings as a JSON block (`<` is escaped so
 * no value can close the tag), the product name as its title, and the settings
 * a prerendered page shows put in its markup.
 */
export function renderIndexHtml(template: string, publicConfig: PublicConfig): string {
  const json = JSON.stringify(publicConfig).replaceAll('<', '\\u003c');
  const html = template
    .replace(
      '<!--app-config-->',
      `<script type="application/json" id="app-config">${json}</script>`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(publicConfig.productName)}</title>`);
  return fillShownSettings(html, publicConfig, escapeHtml);
}

/**
 * A page as sent: filled in once at start, its compressed copies made at the first request
 * that takes each and kept for the server's life, so compressed to the last byte.
 */
const pageBody = (html: string) => new CompressibleBody(Buffer.from(html), 'smallest');

/** A prerendered page's key: its path and the language it was rendered in. */
const pageKey = (path: string, locale: string) => `${locale} ${path}`;

/**
 * The prerendered pages by path and language, rendered for this server's settings: a page
 * made with the ad slots (`<page>.<locale>.with-ads.html`) replaces the plain one when an
 * ad script is configured, and is never sent otherwise.
 */
function readPrerenderedPages(
  distDir: string,
  publicConfig: PublicConfig,
): Map<string, CompressibleBody> {
  const dir = join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, CompressibleBody>();
  if (!existsSync(dir)) return pages;
  const files = readdirSync(dir).flatMap((file) => {
    const page = parsePrerenderedFileName(file);
    return page ? [{ file, ...page }] : [];
  });
  const adsShown = publicConfig.adScriptUrl !== null;
  // Plain pages first, so a page with ads, when wanted, takes their place.
  for (const { file, path, locale } of files
    .filter(({ withAds }) => !withAds)
    .concat(adsShown ? files.filter(({ withAds }) => withAds) : [])) {
    const template = readFileSync(join(dir, file), 'utf8');
    pages.set(pageKey(path, locale), pageBody(renderIndexHtml(template, publicConfig)));
  }
  return pages;
}

export default fp(
  async function spa(
    app: FastifyInstance,
    options: { publicConfig: PublicConfig; distDir?: string },
  ) {
    const distDir = options.distDir ?? WEB_DIST;
    const indexPath = join(distDir, 'index.html');
    const indexHtml = existsSync(indexPath)
      ? pageBody(renderIndexHtml(readFileSync(indexPath, 'utf8'), options.publicConfig))
      : null;
    const prerenderedPages = readPrerenderedPages(distDir, options.publicConfig);

    if (indexHtml) {
      // In a scope of its own, so that the hook counts the files (a route each)
      // under one metrics label and touches no other route.
      await app.register(async (files) => {
        files.addHook('onRequest', (request, _reply, done) => {
          countAs(request, ROUTE_LABELS.static);
          done();
        });
        await files.register(fastifyStatic, {
          root: distDir,
          index: false,
          wildcard: false,
          // The build's Brotli and gzip copies (apps/web/precompress-plugin.ts), to the
          // browsers that accept them.
          preCompressed: true,
          // Served for their page paths only, with the settings filled in.
          allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDERED_DIR}/`),
          setHeaders: (reply, filePath) => {
            const hashed = filePath.includes(`${join(distDir, 'assets')}`);
            reply.header(
              'cache-control',
              hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        });
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
        countAs(request, ROUTE_LABELS.spa);
        const prerendered =
          prerenderedPages.get(pageKey(path, requestedLocale(request))) ??
          prerenderedPages.get(pageKey(path, DEFAULT_LOCALE));
        void reply
          .header('cache-control', 'no-cache')
          // The page depends on the language asked for, the session, and the encodings taken.
          .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
          .type('text/html; charset=utf-8');
        return sendCompressed(request, reply, prerendered ?? indexHtml);
      }
      return reply.status(404).send({ success: false, message: SERVER_MESSAGES.notFound });
    });
  },
  { name: 'spa' },
);
