/**
 * The popup reads the web app's catalogs (packages/i18n/compiled) but shows few of their
 * texts: its own (`extension.` keys) and the shared contract's registered texts, which the
 * server's answers quote (popup/translate-text.ts). The catalog chunk of each language keeps
 * only those, so the popup downloads its words and not the whole web app's.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const COMPILED_CATALOG = /[\\/]packages[\\/]i18n[\\/]compiled[\\/][\w-]+\.json$/;

export function catalogSubset(keep: (id: string) => boolean): Plugin {
  return {
    name: 'netpulse-extension-catalog-subset',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0]!;
      if (!COMPILED_CATALOG.test(path)) return null;
      const catalog = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      return JSON.stringify(
        Object.fromEntries(Object.entries(catalog).filter(([key]) => keep(key))),
      );
    },
  };
}
