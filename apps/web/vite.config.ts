import formatjs from '@formatjs/unplugin/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { webFont } from '@netpulse/design/web-font-plugin';
import { catalogParts } from './catalog-parts-plugin';
import { precompressAssets } from './precompress-plugin';
import { prerenderPages } from './prerender-plugin';

/** The Fastify server in development (`npm run dev`). */
const API_ORIGIN = 'http://127.0.0.1:8080';

const toApi: ProxyOptions = {
  target: API_ORIGIN,
  changeOrigin: true,
  // Refresh and logout reject a foreign Origin; through the proxy the app is same-origin in spirit.
  headers: { origin: API_ORIGIN },
};

const proxy: Record<string, ProxyOptions> = {
  '/v1': toApi,
  '/ndt': { ...toApi, ws: true },
};

/** The chunks the entry script imports itself: loaded before any lazy chunk is asked for. */
const FIRST_PAGE_VENDOR_CHUNK = /^assets\/(react|rolldown-runtime)-[\w-]+\.js$/;

const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/ },
  // Loaded on demand only: the dashboard chart after its click, the calendar when a filter opens.
  { name: 'chart', test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/ },
  { name: 'day-picker', test: /node_modules[\\/](react-day-picker|date-fns|@date-fns)[\\/]/ },
  // Each language's catalog part a chunk of its own, named for bench/web: `catalog-ru-start`.
  {
    debugName: 'catalogs',
    name: (id: string) => {
      const part = /compiled[\\/]([\w-]+)\.json\?part=(\w+)$/.exec(id);
      return part ? `catalog-${part[1]}-${part[2]}` : null;
    },
  },
  // The app's own code every page starts with, in one file rather than a file per small module
  // shared with a lazy screen (each request costs the main thread before the first paint).
  { name: 'start', tags: ['$initial' as const] },
];

export default defineConfig({
  // The usual first pages, logged out and signed in, come prerendered (docs/decisions/008):
  // /login (also with its ad slots, for a server with an ad script), the frame of
  // /dashboard before its data, and the public /explorer before its figures.
  plugins: [
    // Messages ship as catalog entries only (docs/ARCHITECTURE.md section 13): the English
    // defaults in the code are for the extractor, not the bundle; English has a catalog too.
    formatjs({ removeDefaultMessage: true, ast: true }),
    catalogParts(),
    react(),
    tailwindcss(),
    // The font, subset to what the app and the texts it shares with the server can show, and
    // the translations' letters in faces fetched only by a page that shows them.
    webFont({
      sourceDirs: [
        fileURLToPath(new URL('src', import.meta.url)),
        fileURLToPath(new URL('../../packages/shared/src', import.meta.url)),
      ],
      catalogDirs: [fileURLToPath(new URL('../../packages/i18n/catalogs', import.meta.url))],
    }),
    prerenderPages([
      { path: '/login', signedIn: false },
      { path: '/login', signedIn: false, withAds: true },
      { path: '/dashboard', signedIn: true },
      { path: '/explorer', signedIn: false },
    ]),
    // The server sends these copies to browsers that accept them (docs/decisions/049).
    precompressAssets(),
  ],
  // `@/` is the app's src folder: imports name where a module lives, not how far up it is.
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('src', import.meta.url)),
    },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      // Every browser the app supports preloads modules itself; the polyfill cost /login bytes.
      polyfill: false,
      // The list of files to preload with each lazy chunk is carried by the first page's script
      // (bench/web's /login budget), so it names only what a preload gains: not the chunk itself
      // (its import() fetches it at the same moment), nor what the first page loaded already.
      // The page's own <link rel="modulepreload"> tags stay as they are.
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter((dep) => dep !== file && !FIRST_PAGE_VENDOR_CHUNK.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Named vendor chunks: they stay cached across app releases, and the bundle's
        // weight per library is readable at a glance. ALTCHA stays in its lazy chunk.
        codeSplitting: { groups: vendorChunks },
      },
    },
  },
});
