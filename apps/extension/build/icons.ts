/**
 * The extension's icons (docs/decisions/033): one source drawing, icons/icon.svg, and
 * the PNGs Chrome asks for at 16, 32, 48 and 128 px, committed beside it. No image
 * tool of the build's dependencies turns SVG into PNG, so the PNGs are rendered
 * once by the browser the tests already use: `npx tsx apps/extension/build/render-icons.ts`
 * after changing the drawing.
 */
import { ICON_SIZES, iconFileName } from '../src/lib/icon-files.ts';

export { ICON_SIZES, iconFileName, type IconSize } from '../src/lib/icon-files.ts';

/** The manifest's `icons` (and the toolbar button's): each size to its file. */
export function manifestIcons(): Record<string, string> {
  return Object.fromEntries(ICON_SIZES.map((size) => [String(size), iconFileName(size)]));
}
