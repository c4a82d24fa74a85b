/**
 * Cuts a compiled catalog imported with `?part=start`, `rest` or a screen's part (@netpulse/i18n's
 * `loadCatalogPart`) to that part's messages, so /login's first load carries only the texts
 * it shows, and each screen only its own beside the ones screens share (docs/ARCHITECTURE.md
 * section 13).
 */
import { readFile } from 'node:fs/promises';
import { CATALOG_PARTS, catalogPart, type CatalogPart } from '@netpulse/i18n';
import type { Plugin } from 'vite';

const CATALOG_PART = new RegExp(
  `[\\\\/]packages[\\\\/]i18n[\\\\/]compiled[\\\\/][\\w-]+\\.json\\?part=(${CATALOG_PARTS.join('|')})$`,
);

export function catalogParts(): Plugin {
  return {
    name: 'netpulse-catalog-parts',
    enforce: 'pre',
    async load(id) {
      const match = CATALOG_PART.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      // A module of its own (Vite's JSON plugin leaves an id with a query alone); JSON.parse
      // of a string is faster for the browser to read than the same object as a literal.
      const part = JSON.stringify(catalogPart(messages, match[1] as CatalogPart));
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, moduleType: 'js' };
    },
  };
}
