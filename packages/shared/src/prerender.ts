import type { PublicConfig } from './schemas/config.ts';

/**
 * What a prerendered page holds where a public setting goes (the web build
 * renders pages before any server's settings are known); the server puts the
 * setting in when it serves the page.
 */
export function publicConfigPlaceholder(key: keyof PublicConfig): string {
  return `__PUBLIC_CONFIG_${key}__`;
}

const PLACEHOLDER = /__PUBLIC_CONFIG_(\w+?)__/g;

/** Replaces each placeholder in `html` with its setting, escaped by `escapeHtml`. */
export function fillPublicConfigPlaceholders(
  html: string,
  config: PublicConfig,
  escapeHtml: (text: string) => string,
): string {
  return html.replace(PLACEHOLDER, (placeholder, key: string) =>
    Object.hasOwn(config, key)
      ? escapeHtml(String(config[key as keyof PublicConfig] ?? ''))
      : placeholder,
  );
}
