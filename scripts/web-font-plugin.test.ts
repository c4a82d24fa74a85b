/**
 * The web font (packages/design/web-font-plugin.ts) draws every translated letter Inter has:
 * the translations' letters the main face lacks get faces of their own, none of which shares
 * a character with the main face or with another, and the letters Inter has no file for
 * (Chinese, Arabic) are left to the system's fonts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FacePlan,
  parseUnicodeRange,
  planFaces,
  unicodeRange,
} from '@netpulse/design/web-font-plugin';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const WEB_SOURCES = [here('../apps/web/src'), here('../packages/shared/src')];
const CATALOGS = here('../packages/i18n/catalogs');

const faceOf = (faces: readonly FacePlan[], character: string) =>
  faces.find((face) => face.characters.includes(character));

function expectNoSharedCharacter(faces: readonly FacePlan[]) {
  const seen = new Map<string, string>();
  for (const face of faces) {
    for (const character of face.characters) {
      expect(seen.get(character), `${character} in ${face.name}`).toBeUndefined();
      seen.set(character, face.name);
    }
  }
  // And the CSS ranges the faces are declared with do not overlap either.
  const ranges = faces.flatMap((face) => parseUnicodeRange(unicodeRange(face.characters)));
  for (const [i, [first, last]] of ranges.entries()) {
    for (const [other, otherLast] of ranges.slice(i + 1)) {
      expect(first > otherLast || last < other).toBe(true);
    }
  }
}

describe('the web font', () => {
  let catalogDir: string;

  beforeAll(async () => {
    catalogDir = await mkdtemp(join(tmpdir(), 'web-font-catalogs-'));
    await writeFile(
      join(catalogDir, 'xx.json'),
      JSON.stringify({
        'a.ru': 'Жёлтая нода',
        'a.tr': 'Düğüm ışığı',
        'a.vi': 'Nút đã được cập nhật',
        'a.zh': '节点',
        'a.ar': 'عقدة',
      }),
    );
  });

  afterAll(() => rm(catalogDir, { recursive: true, force: true }));

  it('keeps one preloaded main face of the sources, and faces of the rest that are not', async () => {
    const faces = await planFaces({ sourceDirs: WEB_SOURCES, catalogDirs: [catalogDir] });
    const [main, ...others] = faces;
    expect(main!.preload).toBe(true);
    expect(main!.characters).toContain('a');
    expect(others.length).toBeGreaterThan(0);
    for (const face of others) expect(face.preload).toBe(false);
    expect(new Set(faces.map((face) => face.name)).size).toBe(faces.length);
  });

  it('gives Cyrillic and Turkish letters a face beside the main one, without overlaps', async () => {
    const faces = await planFaces({ sourceDirs: WEB_SOURCES, catalogDirs: [catalogDir] });
    expectNoSharedCharacter(faces);
    const main = faces[0]!;
    for (const letter of ['Ж', 'ё', 'ğ', 'ı', 'ş', 'ậ', 'đ']) {
      const face = faceOf(faces, letter);
      expect(face, letter).toBeDefined();
      expect(face, letter).not.toBe(main);
    }
    expect(faceOf(faces, 'Ж')!.name).toMatch(/cyrillic/);
    expect(faceOf(faces, 'ğ')!.file).toMatch(/latin-ext/);
    // Inter has no Chinese or Arabic: the system's fonts draw them.
    for (const letter of ['节', 'ع']) expect(faceOf(faces, letter), letter).toBeUndefined();
  });

  it('covers the letters of the real catalogs without overlaps', async () => {
    const faces = await planFaces({ sourceDirs: WEB_SOURCES, catalogDirs: [CATALOGS] });
    expectNoSharedCharacter(faces);
    expect(faceOf(faces, 'д')?.name).toMatch(/cyrillic/);
    expect(faceOf(faces, 'ş')).toBeDefined();
  });

  it('reads a CSS unicode-range, wildcards included', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,U+04??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
  });
});
