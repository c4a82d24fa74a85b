/**
 * Prerenders pages at build time: after the client build, renders each page
 * with React on the server side of Vite and writes index.html with that markup
 * inside #root to dist/prerendered/<page>.html. The server sends those files
 * for their paths, so the first paint shows the page rather than an empty
 * document waiting for JavaScript (docs/decisions/008).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { LOCALES, PSEUDO_LOCALE, textDirection, type CatalogLocale } from '@netpulse/i18n';
import { prerenderedFileName } from '@netpulse/shared';
import {
  PRERENDERED_ATTRIBUTE,
  type PrerenderedFor,
  type PrerenderedPage,
} from './src/lib/prerender';

const RENDER_MODULE = '/src/prerender/render-page.tsx';
const EMPTY_ROOT = '<div id="root"></div>';
/** The app's module script and the modulepreload links of its imports. */
const APP_SCRIPTS = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/** Holds the first paint until #root is parsed whole (HTML's render-blocking `expect` link). */
const RENDER_BLOCKING_ROOT = '<link rel="expect" href="#root" blocking="render" />';

/**
 * A prerendered page's HTML: the markup in #root, and the scripts after it. The
 * browser never paints half of the markup (on a busy slow phone the parser
 * yields midway, and a centred page would then shift as the rest arrives); the
 * scripts are still found early but compiled only once the markup is parsed.
 */
function pageHtml(template: string, root: string, locale: string): string {
  const scripts = template.match(APP_SCRIPTS) ?? [];
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}" dir="${textDirection(locale)}">`)
    .replace(APP_SCRIPTS, '')
    .replace('</head>', `  ${RENDER_BLOCKING_ROOT}\n  </head>`)
    .replace(EMPTY_ROOT, root)
    .replace('</body>', `${scripts.join('')}\n  </body>`);
}
export const PRERENDERED_DIR = 'prerendered';

/** Every page in every language a visitor can ask for (the pseudo-locale for the tests' sweep). */
const PAGE_LOCALES: readonly CatalogLocale[] = [...LOCALES, PSEUDO_LOCALE];

export function prerenderPages(pages: readonly Omit<PrerenderedPage, 'locale'>[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'netpulse-prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
      const server = await createServer({
        configFile: config.configFile,
        // As `npm run build` loads it: the config imports workspace packages' TypeScript entries.
        configLoader: 'runner',
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderPage } = (await server.ssrLoadModule(
          RENDER_MODULE,
        )) as typeof import('./src/prerender/render-page');
        await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const page of pages.flatMap((page) =>
          PAGE_LOCALES.map((locale) => ({ ...page, locale })),
        )) {
          const markup = await renderPage(page);
          // The CSP allows no inline script; React adds some only for boundaries left pending.
          if (markup.includes('<script')) throw new Error(`${page.path} rendered an inline script`);
          const renderedFor: PrerenderedFor = page.signedIn ? 'signed-in' : 'signed-out';
          const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${renderedFor}">${markup}</div>`;
          const file = join(outDir, PRERENDERED_DIR, prerenderedFileName(page));
          await writeFile(file, pageHtml(template, root, page.locale));
        }
      } finally {
        await server.close();
      }
    },
  };
}
