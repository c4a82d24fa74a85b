/**
 * Every message the web app shows is in one of the parts its build ships
 * (packages/i18n/src/catalog-parts.ts): a key left out of them reads as the key on screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogPartOf } from '@netpulse/i18n';
import { expect, it } from 'vitest';

const WEB_SOURCES = 'apps/web/src';
const MESSAGE_ID = /\bid:\s*'([\w.-]+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

it("ships every message the web app's code names in a part of its catalogs", () => {
  const ids = sourceFiles(WEB_SOURCES).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(MESSAGE_ID)].map((match) => match[1]!),
  );
  expect(ids.length).toBeGreaterThan(500);
  expect(ids.filter((id) => catalogPartOf(id) === null)).toEqual([]);
});
