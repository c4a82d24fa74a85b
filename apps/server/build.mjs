// Compiles the server into one ES module, dist/server.js, which `npm start`,
// the end-to-end tests and the benchmarks run with plain node (decision 006), and the admin
// CLI into dist/admin-cli.js, which the end-to-end tests run for every invite and role they
// need (through tsx, each run spent seconds compiling the sources again).
// Our own code, @netpulse/shared and @netpulse/i18n (TypeScript sources) are bundled; the
// language catalogs are read from @netpulse/i18n/compiled at run time (lib/server-intl.ts);
// every other package stays an import from node_modules, loaded as it would be by the sources.
// `node build.mjs <folder>` writes to another folder of apps/server instead: the server tests
// build their own copy (test/global-setup.ts), whatever dist/ holds.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const bundled = new Set(['@netpulse/shared', '@netpulse/i18n']);
const external = Object.keys(manifest.dependencies).filter((name) => !bundled.has(name));

await build({
  absWorkingDir: serverRoot,
  // All at dist/'s top, so paths.ts finds the server's folder one level up from either, and
  // the server finds its worker beside it.
  entryPoints: {
    server: 'src/server.ts',
    'admin-cli': 'src/cli/admin-cli.ts',
    'country-index-worker': 'src/country-index-worker.ts',
  },
  outdir: process.argv[2] ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Subpath imports (drizzle-orm/pg-core, ...) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
});
