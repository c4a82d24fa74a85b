/**
 * Serves the built web app from the same origin: hashed assets with a long cache,
 * the prerendered pages (dist/prerendered/<page>.html, e.g. /login) for their
 * paths, and index.html for every other page path, so the browser router handles
 * deep links; each with the public settings embedded. Unknown API paths get the
 * envelope.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  fillShownSettings,
  SERVER_MESSAGES,
  WITH_ADS_SUFFIX,
  type PublicConfig,
} from '@netpulse/shared';
import { countAs, ROUTE_LABELS } from '../lib/route-label.ts';
import { WEB_DIST } from '../paths.ts';

const API_PREFIXES = ['/v1/', '/ndt/', '/docs', '/downloads/'];
/** Where the web build puts its prerendered pages, one `<page>.html` per path `/<page>`. */
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
 * The prerendered pages by path, rendered for this server's settings: a page
 * made with the ad slots (`<page>.with-ads.html`) replaces the plain one when an
 * ad script is configured, and is never sent otherwise.
 */
function readPrerenderedPages(distDir: string, publicConfig: PublicConfig): Map<string, string> {
  const dir = join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((file) => {
      const name = file.slice(0, -'.html'.length);
      const withAds = name.endsWith(WITH_ADS_SUFFIX);
      return { file, withAds, path: `/${withAds ? name.slice(0, -WITH_ADS_SUFFIX.length) : name}` };
    });
  const adsShown = publicConfig.adScriptUrl !== null;
  // Plain pages first, so a page with ads, when wanted, takes their place.
  for (const { file, path } of files
    .filter(({ withAds }) => !withAds)
    .concat(adsShown ? files.filter(({ withAds }) => withAds) : [])) {
    const template = readFileSync(join(dir, file), 'utf8');
    pages.set(path, renderIndexHtml(template, publicConfig));
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
      ? renderIndexHtml(readFileSync(indexPath, 'utf8'), options.publicConfig)
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
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(prerenderedPages.get(path) ?? indexHtml);
      }
      return reply.status(404).send({ success: false, message: SERVER_MESSAGES.notFound });
    });
  },
  { name: 'spa' },
);
