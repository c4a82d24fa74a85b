/**
 * Writes a Brotli and a gzip copy beside each script, style sheet and image of the build's
 * `assets/`, for the server to send to a browser that accepts them (@fastify/static's
 * `preCompressed`). The budgets are gzip sizes: without these copies a phone would download
 * /login's code at about four times its budget. Compressed once here, at the highest levels,
 * rather than on every request, from the bundle as Vite holds it (the same bytes it wrote).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth compressing: text. Fonts (woff2) and images like PNG are compressed already. */
const COMPRESSIBLE = /^assets\/.+\.(js|css|svg|json|txt)$/;
/** Below this, a response's headers outweigh what compression saves. */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'netpulse-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const content = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (content.length < MIN_BYTES) return;
          const path = join(outDir, file.fileName);
          const [brotliCopy, gzipCopy] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(`${path}.br`, brotliCopy),
            writeFile(`${path}.gz`, gzipCopy),
          ]);
        }),
      );
    },
  };
}
