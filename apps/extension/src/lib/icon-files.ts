/**
 * Where the extension's icons sit in its package (docs/decisions/033): the build writes
 * them and the manifest names them (build/icons.ts); the worker points its notifications at one.
 */
export const ICON_SIZES = [16, 32, 48, 128] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** Where an icon sits in the package, as the manifest names it. */
export const iconFileName = (size: IconSize) => `icons/icon-${size}.png`;
