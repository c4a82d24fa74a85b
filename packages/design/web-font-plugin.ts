/**
 * Ships the app's font with the pages that use it: Inter (variable weight, from
 * @fontsource-variable/inter) subset at build time, emitted as hashed woff2 files and declared
 * with `font-display: swap`.
 *
 * - The main face: Inter's Latin file subset to the characters the sources show (English),
 *   preloaded from each page's head, so it is fetched with the HTML instead of after the CSS
 *   and usually lands before the first paint. Translations do not make it grow.
 * - One face per other Inter file (latin-ext, cyrillic, vietnamese, ... and the Latin file's
 *   letters English does not use: ñ ç ã ı) holding exactly the translated catalogs' letters
 *   the main face lacks, not preloaded: its `unicode-range` is what it holds, so a browser
 *   fetches it only for a page that shows one of them, and a word is never drawn in two fonts.
 *
 * Chinese and Arabic have no Inter file: their characters belong to no face and the browser
 * draws them with the system's fonts (the stack after Inter in the design tokens).
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const require = createRequire(import.meta.url);
// harfbuzz's subsetter compiled to WebAssembly: no native build, no install script.
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2' },
) => Promise<Buffer>;

export const FONT_FAMILY = 'Inter Variable';
const FONT_PACKAGE = '@fontsource-variable/inter';
/** The package's own stylesheet: which file holds which characters (its unicode-ranges). */
const FONT_CSS = `${FONT_PACKAGE}/wght.css`;
/** The file the main face is cut from. */
const MAIN_SUBSET = 'latin';
const ASSET_NAME = 'inter-variable.woff2';
const DEV_PREFIX = '/@netpulse-font/';
/** What people type (names, emails, addresses) is ASCII; every printable character is kept. */
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) =>
  String.fromCharCode(0x20 + i),
);
const TEXT_FILES = /\.(tsx?|html)$/;
/** Tests quote translations; no page shows them, and the main face must not grow by them. */
const TEST_FILES = /\.(test|spec)\.tsx?$/;

type CodePointRange = readonly [first: number, last: number];

/** One of the package's files: `inter-<subset>-wght-normal.woff2` and what it covers. */
export interface InterFile {
  subset: string;
  file: string;
  ranges: readonly CodePointRange[];
}

/** A CSS unicode-range (`U+0000-00FF,U+0131,U+04??`) as code point ranges. */
export function parseUnicodeRange(range: string): CodePointRange[] {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part): CodePointRange => {
      const [first = part, last = first] = part.includes('-')
        ? part.split('-')
        : [part.replaceAll('?', '0'), part.replaceAll('?', 'F')];
      return [parseInt(first, 16), parseInt(last, 16)];
    });
}

const covers = (ranges: readonly CodePointRange[], character: string) => {
  const point = character.codePointAt(0)!;
  return ranges.some(([first, last]) => point >= first && point <= last);
};

/**
 * Inter's files for the upright variable font, read from the package's stylesheet, in the
 * order a browser given that stylesheet tries them for a character two of them cover: the
 * last declared first (CSS Fonts 4, unicode-range), which puts Latin first.
 */
export async function interFiles(): Promise<InterFile[]> {
  const css = await readFile(require.resolve(FONT_CSS), 'utf8');
  const files: InterFile[] = [];
  for (const [rule] of css.matchAll(/@font-face\s*{[^}]*}/g)) {
    const source = /url\(\.\/files\/(inter-([a-z-]+)-wght-normal\.woff2)\)/.exec(rule);
    const range = /unicode-range:\s*([^;}]+)/.exec(rule);
    if (!source || !range) throw new Error(`${FONT_CSS}: a face without a file or a range`);
    files.push({
      subset: source[2]!,
      file: `${FONT_PACKAGE}/files/${source[1]!}`,
      ranges: parseUnicodeRange(range[1]!),
    });
  }
  if (!files.some((file) => file.subset === MAIN_SUBSET)) {
    throw new Error(`${FONT_CSS} declares no ${MAIN_SUBSET} file`);
  }
  return files.reverse();
}

async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const byCodePoint = (characters: Iterable<string>) =>
  [...characters].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);

/** Printable ASCII and every other character written in the given sources (…, —, ’, ×), tests aside. */
export async function charactersUsed(sourceDirs: readonly string[]): Promise<string[]> {
  const characters = new Set(PRINTABLE_ASCII);
  for (const dir of sourceDirs) {
    for (const file of await filesUnder(dir, TEXT_FILES)) {
      if (TEST_FILES.test(file)) continue;
      for (const character of await readFile(file, 'utf8')) {
        if (character.codePointAt(0)! >= 0xa0) characters.add(character);
      }
    }
  }
  return byCodePoint(characters);
}

/** Every character beyond ASCII in the messages of the catalogs (`{ "key": "message" }` JSON files). */
export async function catalogCharacters(catalogDirs: readonly string[]): Promise<string[]> {
  const characters = new Set<string>();
  for (const dir of catalogDirs) {
    for (const file of await filesUnder(dir, /\.json$/)) {
      const catalog = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      for (const message of Object.values(catalog)) {
        if (typeof message !== 'string')
          throw new Error(`${basename(file)}: a message not a string`);
        for (const character of message) {
          if (character.codePointAt(0)! >= 0xa0) characters.add(character);
        }
      }
    }
  }
  return byCodePoint(characters);
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

/** A face to cut: from which of Inter's files, holding which characters. */
export interface FacePlan {
  /** The asset's name before its hash. */
  name: string;
  file: string;
  characters: string[];
  /** Only the main face: the others are fetched when a page shows one of their characters. */
  preload: boolean;
}

export interface FontTexts {
  /** Folders whose sources hold every text the pages show in English. */
  sourceDirs: readonly string[];
  /** Folders of the translated catalogs (JSON): their letters get faces of their own. */
  catalogDirs?: readonly string[];
}

/**
 * The main face (the sources' characters its file holds), then, for each other file in the
 * browser's order, a face of the characters it covers that no face before it holds. No two
 * faces share a character; a character no file covers (Chinese, Arabic, emoji) is in none.
 */
export async function planFaces({ sourceDirs, catalogDirs = [] }: FontTexts): Promise<FacePlan[]> {
  const files = await interFiles();
  const main = files.find((file) => file.subset === MAIN_SUBSET)!;
  const sources = await charactersUsed(sourceDirs);
  const mainCharacters = sources.filter((character) => covers(main.ranges, character));
  const placed = new Set(mainCharacters);
  const rest = byCodePoint(
    new Set([...sources, ...(await catalogCharacters(catalogDirs))].filter((c) => !placed.has(c))),
  );
  const faces: FacePlan[] = [
    { name: ASSET_NAME, file: main.file, characters: mainCharacters, preload: true },
  ];
  for (const file of files) {
    const characters = rest.filter(
      (character) => !placed.has(character) && covers(file.ranges, character),
    );
    if (characters.length === 0) continue;
    for (const character of characters) placed.add(character);
    faces.push({
      name: `inter-variable-${file.subset}.woff2`,
      file: file.file,
      characters,
      preload: false,
    });
  }
  return faces;
}

interface Face {
  name: string;
  woff2: Buffer;
  unicodeRange: string;
  preload: boolean;
}

async function buildFaces(texts: FontTexts): Promise<Face[]> {
  return Promise.all(
    (await planFaces(texts)).map(async ({ name, file, characters, preload }) => ({
      name,
      woff2: await subsetFont(await readFile(require.resolve(file)), characters.join(''), {
        targetFormat: 'woff2',
      }),
      unicodeRange: unicodeRange(characters),
      preload,
    })),
  );
}

/** The @font-face rule; the face's range lets any other character fall back, not vanish. */
const fontFace = (url: string, range: string) =>
  `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-weight:100 900;` +
  `font-display:swap;src:url(${url}) format('woff2');unicode-range:${range}}`;

export interface WebFontOptions extends FontTexts {
  /** The HTML pages (file names) that show text; others (e.g. an offscreen document) get nothing. */
  pages?: readonly string[];
}

export function webFont({ sourceDirs, catalogDirs, pages }: WebFontOptions): Plugin {
  let config: ResolvedConfig;
  let faces: Promise<Face[]> | undefined;
  const facesOnce = () => (faces ??= buildFaces({ sourceDirs, catalogDirs }));

  return {
    name: 'netpulse-web-font',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (config.command !== 'build') return;
      for (const face of await facesOnce()) {
        this.emitFile({ type: 'asset', name: face.name, source: face.woff2 });
      }
    },
    configureServer(server) {
      server.middlewares.use(DEV_PREFIX, (request, response, next) => {
        const name = request.url?.replace(/^\//, '').split('?')[0];
        facesOnce().then((all) => {
          const face = all.find((candidate) => candidate.name === name);
          if (!face) return next();
          response.setHeader('content-type', 'font/woff2');
          response.end(face.woff2);
        }, next);
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        if (pages && !pages.some((page) => context.filename.endsWith(page))) return;
        const assets = Object.values(context.bundle ?? {});
        const urlOf = (name: string) => {
          const asset = assets.find(
            (output) => output.type === 'asset' && output.names.includes(name),
          );
          if (config.command === 'build' && !asset) throw new Error(`${name} was not emitted`);
          return asset ? `${config.base}${asset.fileName}` : `${DEV_PREFIX}${name}`;
        };
        const all = await facesOnce();
        return [
          ...all
            .filter((face) => face.preload)
            .map((face) => ({
              tag: 'link',
              attrs: {
                rel: 'preload',
                as: 'font',
                type: 'font/woff2',
                href: urlOf(face.name),
                crossorigin: true,
              },
              injectTo: 'head-prepend' as const,
            })),
          {
            tag: 'style',
            children: all.map((face) => fontFace(urlOf(face.name), face.unicodeRange)).join(''),
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}
