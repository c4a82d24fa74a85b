/**
 * Ships the app's font with the pages that use it: Inter (variable weight,
 * @fontsource-variable/inter's Latin file) subset at build time to the
 * characters the app can show, emitted as one hashed woff2, declared with
 * `font-display: swap` and preloaded from each page's head, so it is fetched
 * with the HTML instead of after the CSS and usually lands before the first paint.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const require = createRequire(import.meta.url);
// harfbuzz's subsetter compiled to WebAssembly: no native build, no install script.
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2' },
) => Promise<Buffer>;

export const FONT_FAMILY = 'Inter Variable';
const SOURCE_FONT = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const ASSET_NAME = 'inter-variable.woff2';
const DEV_URL = `/@netpulse-font/${ASSET_NAME}`;
/** What people type (names, emails, addresses) is ASCII; every printable character is kept. */
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) =>
  String.fromCharCode(0x20 + i),
);
const TEXT_FILES = /\.(tsx?|html)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILES.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Printable ASCII and every other character written in the given sources (…, —, ’, ×). */
export async function charactersUsed(sourceDirs: readonly string[]): Promise<string[]> {
  const characters = new Set(PRINTABLE_ASCII);
  for (const dir of sourceDirs) {
    for (const file of await filesUnder(dir)) {
      for (const character of await readFile(file, 'utf8')) {
        if (character.codePointAt(0)! >= 0xa0) characters.add(character);
      }
    }
  }
  return [...characters].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
}

/** The code points as a CSS unicode-range, runs of neighbours joined (U+20-7E, U+A0, …). */
export function unicodeRange(characters: readonly string[]): string {
  const points = characters.map((character) => character.codePointAt(0)!);
  const ranges: string[] = [];
  for (let start = 0; start < points.length;) {
    let end = start;
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end += 1;
    const hex = (point: number) => point.toString(16).toUpperCase();
    ranges.push(
      start === end ? `U+${hex(points[start]!)}` : `U+${hex(points[start]!)}-${hex(points[end]!)}`,
    );
    start = end + 1;
  }
  return ranges.join(', ');
}

interface Subset {
  woff2: Buffer;
  unicodeRange: string;
}

async function buildSubset(sourceDirs: readonly string[]): Promise<Subset> {
  const characters = await charactersUsed(sourceDirs);
  const font = await readFile(require.resolve(SOURCE_FONT));
  const woff2 = await subsetFont(font, characters.join(''), { targetFormat: 'woff2' });
  return { woff2, unicodeRange: unicodeRange(characters) };
}

/** The @font-face rule; the subset's range lets any other character fall back, not vanish. */
const fontFace = (url: string, range: string) =>
  `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-weight:100 900;` +
  `font-display:swap;src:url(${url}) format('woff2');unicode-range:${range}}`;

export interface WebFontOptions {
  /** Folders whose sources hold every text the pages show. */
  sourceDirs: readonly string[];
  /** The HTML pages (file names) that show text; others (e.g. an offscreen document) get nothing. */
  pages?: readonly string[];
}

export function webFont({ sourceDirs, pages }: WebFontOptions): Plugin {
  let config: ResolvedConfig;
  let subset: Promise<Subset> | undefined;
  const subsetOnce = () => (subset ??= buildSubset(sourceDirs));

  return {
    name: 'netpulse-web-font',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (config.command !== 'build') return;
      this.emitFile({ type: 'asset', name: ASSET_NAME, source: (await subsetOnce()).woff2 });
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (_request, response, next) => {
        subsetOnce().then(({ woff2 }) => {
          response.setHeader('content-type', 'font/woff2');
          response.end(woff2);
        }, next);
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        if (pages && !pages.some((page) => context.filename.endsWith(page))) return;
        const asset = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes(ASSET_NAME),
        );
        if (config.command === 'build' && !asset) throw new Error(`${ASSET_NAME} was not emitted`);
        const url = asset ? `${config.base}${asset.fileName}` : DEV_URL;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: url, crossorigin: true },
            injectTo: 'head-prepend',
          },
          {
            tag: 'style',
            children: fontFace(url, (await subsetOnce()).unicodeRange),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
