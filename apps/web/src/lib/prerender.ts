import type { CatalogLocale } from '@netpulse/i18n';

/**
 * The page this load started from, when the server sent it prerendered (see
 * docs/decisions/008): its path and whether it was rendered for a visitor
 * signed in. Hydration must render what the build rendered, so it assumes the
 * same; the stored token applies right after.
 */
export interface PrerenderedPage {
  path: string;
  signedIn: boolean;
  /** The language it was rendered in (`<html lang>`): hydration starts in it. */
  locale: CatalogLocale;
  /** Build only: the page as a server with an ad script shows it (`<page>.with-ads.html`). */
  withAds?: boolean;
}

let prerenderedPage: PrerenderedPage | undefined;

/** Set by main.tsx before hydrating, and by the build's renderer before rendering. */
export function setPrerenderedPage(page: PrerenderedPage): void {
  prerenderedPage = page;
}

/** Whether `path` is the page this load started from, prerendered (so hydrated, not rendered). */
export function isPrerenderedPage(path: string): boolean {
  return prerenderedPage?.path === path;
}

/** The token presence the prerendered page was rendered for (false without one). */
export function prerenderedSignedIn(): boolean {
  return prerenderedPage?.signedIn ?? false;
}

/** How the build marks the root of a prerendered page, with whom it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered-for';
export type PrerenderedFor = 'signed-in' | 'signed-out';
