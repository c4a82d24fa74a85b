/**
 * The browsers the install page walks through (docs/decisions/033): each loads an
 * unpacked extension the same way, from its own extensions page, with its
 * Developer mode switch in its own place.
 */
export const BROWSERS = [
  {
    id: 'chrome',
    name: 'Chrome',
    extensionsPage: 'chrome://extensions',
    developerModeAt: 'top-right',
  },
  {
    id: 'edge',
    name: 'Edge',
    extensionsPage: 'edge://extensions',
    developerModeAt: 'left',
  },
  {
    id: 'brave',
    name: 'Brave',
    extensionsPage: 'brave://extensions',
    developerModeAt: 'top-right',
  },
] as const;

export type Browser = (typeof BROWSERS)[number];
export type BrowserId = Browser['id'];

/** The browser this page is open in, when the user agent says; Chrome otherwise. */
export function detectBrowser(userAgent: string, isBrave: boolean): BrowserId {
  if (isBrave) return 'brave';
  if (/\bEdg\//.test(userAgent)) return 'edge';
  return 'chrome';
}
