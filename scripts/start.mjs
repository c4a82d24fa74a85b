// `npm start`: builds the server, the web app and the extension when a build is missing
// or older than its sources, then runs the compiled server (which migrates and serves
// SPA + API).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SERVER_BUNDLE = 'apps/server/dist/server.js';
const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/i18n/src',
  'packages/i18n/compiled',
];
const WEB_INDEX = 'apps/web/dist/index.html';
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/prerender-plugin.ts',
  'packages/shared/src',
  'packages/i18n/src',
  'packages/i18n/compiled',
];
const EXTENSION_ZIP = 'apps/extension/dist/extension.zip';
const EXTENSION_SOURCES = [
  'apps/extension/src',
  'apps/extension/build',
  'apps/extension/vite.config.ts',
  'apps/extension/dev-key.json',
  'packages/shared/src',
  'packages/i18n/src',
  'packages/i18n/compiled',
];

function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** True when `output` is missing or older than any of `sources`. */
function isStale(output, sources) {
  const built = statSync(output, { throwIfNoEntry: false });
  return !built || Math.max(...sources.map(newestChange)) > built.mtimeMs;
}

if (
  isStale(SERVER_BUNDLE, SERVER_SOURCES) ||
  isStale(WEB_INDEX, WEB_SOURCES) ||
  isStale(EXTENSION_ZIP, EXTENSION_SOURCES)
) {
  console.log('Building the server, the web app and the extension…');
  const started = Date.now();
  // The build tools' file lists and timings are for whoever works on the build; the
  // operator sees them only when the build fails.
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error('The build failed; its output is above.');
    process.exit(build.status ?? 1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
