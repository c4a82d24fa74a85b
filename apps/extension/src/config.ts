/**
 * Where the extension's dashboard lives: the origin its manifest names. It is
 * also the API's origin (the server serves both), and the only page that may
 * hand the extension a token.
 */
import { webOriginOf } from './lib/web-origin.ts';

export const WEB_ORIGIN: string = webOriginOf(chrome.runtime.getManifest());

export const DASHBOARD_URLS = {
  dashboard: `${WEB_ORIGIN}/dashboard`,
  login: `${WEB_ORIGIN}/login`,
  nodes: `${WEB_ORIGIN}/nodes`,
} as const;
