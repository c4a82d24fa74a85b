import type { PublicConfig } from './schemas/config.ts';

/** Served by the server when no store page is configured for the extension. */
export const EXTENSION_DOWNLOAD_PATH = '/downloads/extension.zip';

/** Where the web app sends people to install the extension: its store page, else the server's zip. */
export function extensionInstallUrl(config: Pick<PublicConfig, 'extensionStoreUrl'>): string {
  return config.extensionStoreUrl ?? EXTENSION_DOWNLOAD_PATH;
}

/** The settings the prerendered pages show, as they show them. */
export function shownSettings(config: PublicConfig) {
  return {
    productName: config.productName,
    captchaProvider: config.captchaProvider,
    extensionInstallUrl: extensionInstallUrl(config),
  };
}

export type ShownSetting = keyof ReturnType<typeof shownSettings>;

/**
 * What a prerendered page holds where a setting shows (the web build renders
 * pages before any server's settings are known); the server puts the setting
 * in when it serves the page (`fillShownSettings`).
 */
export function shownSettingPlaceholder(name: ShownSetting): string {
  return `__SHOWN_SETTING_${name}__`;
}

/**
 * The name's ending of a prerendered page made with the ad slots in it
 * (`login.with-ads.html`): the server sends it for a path instead of the page
 * without them when an ad script is configured, so the markup hydrates as is.
 */
export const WITH_ADS_SUFFIX = '.with-ads';

const PLACEHOLDER = /__SHOWN_SETTING_(\w+?)__/g;

/** Replaces each placeholder in `html` with the setting as shown, escaped by `escapeHtml`. */
export function fillShownSettings(
  html: string,
  config: PublicConfig,
  escapeHtml: (text: string) => string,
): string {
  const shown: Record<string, string> = shownSettings(config);
  return html.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(shown, name) ? escapeHtml(shown[name] ?? '') : placeholder,
  );
}

/**
 * A prerendered page's file name in the web build's `prerendered/` folder: one per page,
 * language and ad slots (`login.es.html`, `login.ar.with-ads.html`), so that the server sends
 * the first paint already in the visitor's language.
 */
export function prerenderedFileName(page: {
  path: string;
  locale: string;
  withAds?: boolean;
}): string {
  return `${page.path.slice(1)}.${page.locale}${page.withAds ? WITH_ADS_SUFFIX : ''}.html`;
}

/** The page, language and ad slots a prerendered file was made for; undefined for another file. */
export function parsePrerenderedFileName(
  file: string,
): { path: string; locale: string; withAds: boolean } | undefined {
  const match = /^([a-z-]+)\.([A-Za-z-]+?)(\.with-ads)?\.html$/.exec(file);
  if (!match) return undefined;
  return { path: `/${match[1]}`, locale: match[2]!, withAds: match[3] !== undefined };
}
