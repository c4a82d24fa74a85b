/// <reference types="vite/client" />
import type { CatalogPart } from './catalog-parts';

/** A part's loader for each compiled catalog, by the catalog's file (`../compiled/en.json`). */
export type CatalogLoaders = Record<string, () => Promise<unknown>>;

/**
 * The parts of the screens past the first pages (load-catalog-part.ts), fetched with the first
 * of them a person opens: that screen's code is on its way meanwhile.
 */
export const SCREEN_LOADERS: Partial<Record<CatalogPart, CatalogLoaders>> = {
  account: import.meta.glob('../compiled/*.json', { query: '?part=account', import: 'default' }),
  guest: import.meta.glob('../compiled/*.json', { query: '?part=guest', import: 'default' }),
  nodes: import.meta.glob('../compiled/*.json', { query: '?part=nodes', import: 'default' }),
  quests: import.meta.glob('../compiled/*.json', { query: '?part=quests', import: 'default' }),
  referrals: import.meta.glob('../compiled/*.json', {
    query: '?part=referrals',
    import: 'default',
  }),
  transactions: import.meta.glob('../compiled/*.json', {
    query: '?part=transactions',
    import: 'default',
  }),
  notifications: import.meta.glob('../compiled/*.json', {
    query: '?part=notifications',
    import: 'default',
  }),
  install: import.meta.glob('../compiled/*.json', { query: '?part=install', import: 'default' }),
  legal: import.meta.glob('../compiled/*.json', { query: '?part=legal', import: 'default' }),
};
