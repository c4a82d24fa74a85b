/**
 * Where the extension's dashboard lives: the origin it was built for. It is
 * also the API's origin (the server serves both), and the only page that may
 * hand the extension a token.
 */
export const WEB_ORIGIN: string = __WEB_ORIGIN__;

export const DASHBOARD_URLS = {
  dashboard: `${WEB_ORIGIN}/dashboard`,
  login: `${WEB_ORIGIN}/login`,
} as const;
