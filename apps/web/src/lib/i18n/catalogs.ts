import {
  CATALOG_PARTS,
  type CatalogLocale,
  type CatalogPart,
  type CompiledMessages,
} from '@netpulse/i18n';
import { loadCatalogPart } from '@netpulse/i18n/load-catalog-part';

/** A compiled catalog: each message already parsed, so no ICU parser ships (`npm run i18n:compile`). */
export type Messages = CompiledMessages;

/** A language's catalog, the parts asked for: its own chunks, downloaded only when shown. */
export async function loadMessages(
  locale: CatalogLocale,
  parts: readonly CatalogPart[] = CATALOG_PARTS,
): Promise<Messages> {
  const loaded = await Promise.all(parts.map((part) => loadCatalogPart(locale, part)));
  return Object.assign({}, ...loaded) as Messages;
}
